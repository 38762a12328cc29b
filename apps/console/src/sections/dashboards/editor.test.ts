import { emptyStage } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLayer,
  addNodes,
  boxOf,
  copiesOf,
  findNode,
  newNode,
  removeLayer,
  removeNodes,
  reorder,
  unboundNodes,
  updateNode,
} from './editor-doc';
import { HISTORY_LIMIT, record, redo, startHistory, undo } from './history';
import { snapBox } from './snap';

describe('the editor’s history', () => {
  it('undoes and redoes changes, and a new change drops what could be redone', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    h = undo(h);
    expect(h.present).toBe('a');
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it('keeps at most the limit of steps, and ignores a non-change', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(record(h, h.present)).toBe(h);
  });
});

describe('drawing changes', () => {
  it('add nodes with fresh ids, change, reorder, copy and remove them', () => {
    let stage = emptyStage();
    const a = newNode(stage, 'rect', 10, 20);
    stage = addNodes(stage, 'layer-1', [a]);
    const b = newNode(stage, 'rect', 50, 60);
    expect(b.attrs.id).not.toBe(a.attrs.id);
    stage = addNodes(stage, 'layer-1', [b]);
    stage = updateNode(stage, a.attrs.id, { fill: '#ff0000' });
    expect(findNode(stage, a.attrs.id)?.node.attrs.fill).toBe('#ff0000');
    stage = reorder(stage, a.attrs.id, 1);
    expect(stage.children[0]?.children.map((n) => n.attrs.id)).toEqual([b.attrs.id, a.attrs.id]);
    const copies = copiesOf(stage, [a, b]);
    expect(copies.map((c) => c.attrs.x)).toEqual([30, 70]);
    expect(new Set([...copies.map((c) => c.attrs.id), a.attrs.id, b.attrs.id]).size).toBe(4);
    stage = removeNodes(stage, new Set([a.attrs.id]));
    expect(stage.children[0]?.children.map((n) => n.attrs.id)).toEqual([b.attrs.id]);
  });

  it('add and remove layers, the last one staying', () => {
    const { stage, layerId } = addLayer(emptyStage());
    expect(stage.children.map((l) => l.attrs.id)).toEqual(['layer-1', layerId]);
    const one = removeLayer(stage, layerId);
    expect(removeLayer(one, 'layer-1')).toBe(one);
  });

  it('know the boxes of shapes and which bound nodes still lack a device', () => {
    const stage = emptyStage();
    expect(boxOf(newNode(stage, 'circle', 100, 100))).toEqual({ x: 60, y: 60, width: 80, height: 80 });
    expect(boxOf(newNode(stage, 'pipe', 0, 0))).toMatchObject({ width: 240, height: 0 });
    const value = newNode(stage, 'value', 0, 0);
    expect(unboundNodes(addNodes(stage, 'layer-1', [value]))).toEqual([value]);
  });
});

describe('snapping', () => {
  it('snaps to a near edge or middle of another shape, else to the grid', () => {
    const other = { x: 100, y: 100, width: 100, height: 50 };
    expect(snapBox({ x: 203, y: 7, width: 40, height: 40 }, [other], 10, 6)).toEqual({
      x: 200,
      y: 10,
      guides: { x: 200, y: null },
    });
    expect(snapBox({ x: 133, y: 124, width: 40, height: 2 }, [other], 10, 6)).toEqual({
      x: 130,
      y: 124,
      guides: { x: 150, y: 125 },
    });
    expect(snapBox({ x: 14, y: 16, width: 10, height: 10 }, [], 10, 6)).toEqual({
      x: 10,
      y: 20,
      guides: { x: null, y: null },
    });
  });
});
