import { EVENT_STATE_CODES } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import {
  actionButtons,
  attachFormData,
  catalogOptions,
  EVENT_FILTERS,
  eventIdOf,
  eventParams,
  flatCatalog,
  photoProblem,
  reportFormData,
  STATE_COLORS,
  timeRangeOf,
} from './event-view';

describe('the event list’s filters in the address', () => {
  it('keeps well-formed filters and paging, drops junk and any sort', () => {
    expect(
      eventParams({
        pageNum: 2,
        pageSize: 20,
        sortBy: 'title',
        sortOrder: 'ascend',
        eventState: 'handling',
        eventClassification: 'air_dust',
        source: 'patrol',
        priority: '1',
        overdue: '1',
        keyword: '扬尘',
        startTime: '2026-05-01 00:00:00',
        endTime: '2026-05-02',
      }),
    ).toEqual({
      pageNum: 2,
      pageSize: 20,
      eventState: 'handling',
      eventClassification: 'air_dust',
      source: 'patrol',
      priority: '1',
      overdue: '1',
      keyword: '扬尘',
      startTime: '2026-05-01 00:00:00',
    });
    expect(eventParams({ eventState: 'lost', priority: '9', overdue: '0', source: 'fax' })).toEqual({});
  });
  it('names every filter the list has', () => {
    expect(EVENT_FILTERS).toContain('eventClassification');
    expect(timeRangeOf({ startTime: '2026-05-01 08:00:00', endTime: 'soon' })).toEqual([
      '2026-05-01 08:00:00',
      undefined,
    ]);
  });
  it('reads an event id from a notice’s link only when it is one', () => {
    expect(eventIdOf('12')).toBe('12');
    expect(eventIdOf('0')).toBeUndefined();
    expect(eventIdOf('12a')).toBeUndefined();
    expect(eventIdOf(null)).toBeUndefined();
  });
});

describe('state colours', () => {
  it('gives every state of the flow a colour', () => {
    for (const state of EVENT_STATE_CODES) expect(STATE_COLORS[state]).toBeTruthy();
  });
});

describe('the catalogue', () => {
  const tree = [
    {
      code: 'air',
      name: '大气',
      deadlineHours: 24,
      children: [{ code: 'air_dust', name: '扬尘', deadlineHours: 12, children: [] }],
    },
    { code: 'water', name: '水', deadlineHours: null, children: [] },
  ];
  it('becomes TreeSelect data and a flat list', () => {
    expect(catalogOptions(tree)[0]).toEqual({
      title: '大气',
      value: 'air',
      children: [{ title: '扬尘', value: 'air_dust', children: [] }],
    });
    expect(flatCatalog(tree)).toEqual([
      { value: 'air', label: '大气' },
      { value: 'air_dust', label: '大气 / 扬尘' },
      { value: 'water', label: '水' },
    ]);
  });
});

describe('photo checks before upload', () => {
  it('takes JPG, PNG and WebP up to the size and count limits', () => {
    expect(photoProblem({ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, 0)).toBeUndefined();
    expect(photoProblem({ name: 'a.webp', type: 'image/webp', size: 1000 }, 8)).toBeUndefined();
    expect(photoProblem({ name: 'a.gif', type: 'image/gif', size: 1000 }, 0)).toContain('不是 JPG');
    expect(photoProblem({ name: 'a.heic', type: '', size: 1000 }, 0)).toContain('不是 JPG');
    expect(photoProblem({ name: 'b.jpg', type: 'image/jpeg', size: 16 * 1024 * 1024 }, 0)).toContain('15 MB');
    expect(photoProblem({ name: 'c.png', type: 'image/png', size: 10 }, 9)).toBe('最多 9 张照片');
  });
});

describe('the report as multipart fields', () => {
  it('sends the fields (empty ones left out, coordinates rounded) and every photo as `photos`', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'site.jpg', { type: 'image/jpeg' });
    const form = reportFormData(
      {
        title: ' 工地扬尘 ',
        eventClassification: 'air_dust',
        priority: 2,
        description: '',
        address: '北辰东路',
        longitude: 116.39712345678,
        latitude: 39.98212345678,
      },
      [photo, photo],
    );
    expect(form.get('title')).toBe('工地扬尘');
    expect(form.get('priority')).toBe('2');
    expect(form.has('description')).toBe(false);
    expect(form.has('patrolId')).toBe(false);
    expect(form.get('longitude')).toBe('116.397123');
    expect(form.get('latitude')).toBe('39.982123');
    const photos = form.getAll('photos');
    expect(photos).toHaveLength(2);
    expect(photos[0]).toBeInstanceOf(File);
    expect((photos[0] as File).name).toBe('site.jpg');
  });
  it('sends the after photos with their event and note', () => {
    const form = attachFormData('7', '  处置后  ', [new Blob([new Uint8Array([1])], { type: 'image/png' })]);
    expect(form.get('eventId')).toBe('7');
    expect(form.get('note')).toBe('处置后');
    expect(form.getAll('photos')).toHaveLength(1);
  });
});

describe('the detail’s buttons', () => {
  const offer = (action: 'accept' | 'reject' | 'dispatch' | 'finish' | 'return', name: string) => ({
    action,
    name,
    noteRequired: action === 'reject' || action === 'finish' || action === 'return',
    needsAssignee: action === 'dispatch',
  });
  it('shows only what the server offers, forward first, with the dialog each needs', () => {
    expect(actionButtons([offer('reject', '驳回'), offer('dispatch', '派遣')])).toEqual([
      { action: 'dispatch', label: '派遣', primary: true, danger: false, dialog: 'dispatch' },
      { action: 'reject', label: '驳回', primary: false, danger: true, dialog: 'note' },
    ]);
    expect(actionButtons([offer('return', '退回'), offer('finish', '处置完成')]).map((b) => b.action)).toEqual([
      'finish',
      'return',
    ]);
    expect(actionButtons([offer('accept', '受理')])[0]?.dialog).toBe('confirm');
    expect(actionButtons([])).toEqual([]);
  });
});
