import { describe, expect, it } from 'vitest';
import { firstDataElement, pageSegments } from './first-data';

const data = (text: string, key = 'beijing') => ({ call: '/api/getCityCurrentData', key, body: Buffer.from(text) });

describe('a first call answered inside the HTML', () => {
  it('carries the answer byte for byte in an inert JSON element', () => {
    const text = '{"code":0,"msg":"成功","data":{"name":"北京 & $1"}}';
    expect(firstDataElement(data(text))).toBe(
      `<script id="lantian-first-data" type="application/json" data-call="/api/getCityCurrentData" data-key="beijing">${text}</script>`,
    );
  });

  it('is left out when the bytes could end the element or open a comment, rather than altered', () => {
    expect(firstDataElement(data('{"data":"</SCRIPT><b>"}'))).toBeUndefined();
    expect(firstDataElement(data('{"data":"<!--"}'))).toBeUndefined();
  });

  it('escapes the key it names, which comes from the address', () => {
    expect(firstDataElement(data('{}', 'a"><b>&'))).toContain('data-key="a&quot;&gt;&lt;b&gt;&amp;"');
  });

  it('reads an address as the page does, and a malformed escape as none', () => {
    expect(pageSegments('/city/%E5%8C%97%E4%BA%AC/')).toEqual(['city', '北京']);
    expect(pageSegments('/city/%E0%A4%A')).toBeUndefined();
  });
});
