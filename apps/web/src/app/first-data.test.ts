import { FIRST_DATA_ELEMENT_ID } from '@lantian/contracts/web-config';
import { describe, expect, it } from 'vitest';
import { inlinedAnswer } from './first-data';

const CALL = '/api/getCityCurrentData';

/** A document holding (or not) the server's first-data element. */
function page(element?: { call: string; key: string; text: string }) {
  return {
    getElementById: (id: string) =>
      element === undefined || id !== FIRST_DATA_ELEMENT_ID
        ? null
        : { dataset: { call: element.call, key: element.key }, textContent: element.text },
  };
}

describe('the first call answered inside the HTML', () => {
  const answer = { code: 0, msg: '成功', data: { cityCode: '110000', pyName: 'beijing', current: null } };

  it('reads the data of a success envelope for the same call and city', () => {
    const doc = page({ call: CALL, key: 'beijing', text: JSON.stringify(answer) });
    expect(inlinedAnswer(CALL, 'beijing', doc)).toEqual(answer.data);
  });

  it('ignores an answer for another city or call, so the page asks for its own', () => {
    const doc = page({ call: CALL, key: 'beijing', text: JSON.stringify(answer) });
    expect(inlinedAnswer(CALL, 'shanghai', doc)).toBeUndefined();
    expect(inlinedAnswer('/api/getCitySite', 'beijing', doc)).toBeUndefined();
  });

  it('falls back to asking when the element is missing, broken or an error', () => {
    expect(inlinedAnswer(CALL, 'beijing', page())).toBeUndefined();
    expect(inlinedAnswer(CALL, 'beijing', page({ call: CALL, key: 'beijing', text: '{"code":0,' }))).toBeUndefined();
    const error = JSON.stringify({ code: 40402, msg: '未找到该城市', data: null });
    expect(inlinedAnswer(CALL, 'beijing', page({ call: CALL, key: 'beijing', text: error }))).toBeUndefined();
  });
});
