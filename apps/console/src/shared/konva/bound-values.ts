import type { KonvaNode, LiveValue } from '@lantian/contracts';
import { formatBoundValue, thresholdColor } from '@lantian/domain';

/**
 * What a bound node shows: the newest value of its device factor as text (a Text node) and the
 * colour its thresholds give (the text's or a shape's fill). Pure, so the editor, the published
 * screen and the tests agree.
 */

export type ValueMap = ReadonlyMap<string, number | null>;

export const valueKey = (deviceId: string, factor: string) => `${deviceId}:${factor}`;

/** Folds values (the first read, then each pushed batch) into the map, newest per key winning. */
export function mergeValues(map: ValueMap, values: readonly LiveValue[]): Map<string, number | null> {
  const next = new Map(map);
  for (const v of values) next.set(valueKey(v.deviceId, v.factor), v.value);
  return next;
}

export interface Shown {
  text?: string;
  fill?: string;
}

export function shownAttrs(node: KonvaNode, values: ValueMap): Shown {
  const binding = node.attrs.binding;
  if (binding === undefined) return {};
  const value = values.get(valueKey(binding.deviceId, binding.factor)) ?? null;
  const fill = thresholdColor(value, binding.thresholds, node.attrs.fill ?? '#ffffff');
  if (node.className !== 'Text') return { fill };
  return {
    text: `${binding.prefix}${formatBoundValue(value, binding.decimals)}${binding.unit === '' ? '' : ` ${binding.unit}`}`,
    fill,
  };
}

/** Every bound node's label and shown text, for the screen's accessible list of live values. */
export function boundTexts(
  layers: ReadonlyArray<{ children: readonly KonvaNode[] }>,
  values: ValueMap,
): Array<{ id: string; label: string; text: string }> {
  return layers.flatMap((layer) =>
    layer.children.flatMap((node) => {
      const binding = node.attrs.binding;
      if (binding === undefined) return [];
      const value = values.get(valueKey(binding.deviceId, binding.factor)) ?? null;
      return [
        {
          id: node.attrs.id,
          label: node.attrs.name ?? binding.factor,
          text: `${binding.prefix}${formatBoundValue(value, binding.decimals)}${binding.unit === '' ? '' : ` ${binding.unit}`}`,
        },
      ];
    }),
  );
}
