import type { KonvaLayer, KonvaNode, KonvaStage } from '@lantian/contracts';
import Konva from 'konva';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { Arrow, Circle, Ellipse, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { shownAttrs, type ValueMap } from './bound-values';

/**
 * Draws a dashboard (its Konva JSON) with react-konva: the editor draws it with handles around it,
 * the published screen draws it alone. Bound nodes show their device's newest value and threshold
 * colour; animations (pipe flow, blinking, rotation) run when `animate` is on.
 */

export type NodeExtras = (node: KonvaNode, layer: KonvaLayer) => Record<string, unknown>;

export interface StageViewProps {
  stage: KonvaStage;
  values: ValueMap;
  /** The address of a static resource's picture. */
  imageSrc: (resourceId: string) => string;
  scale: number;
  animate: boolean;
  /** Editor: what each node also gets (draggable, handlers). */
  nodeExtras?: NodeExtras;
  stageRef?: Ref<Konva.Stage>;
  onStageMouseDown?: (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => void;
  onWheel?: (event: Konva.KonvaEventObject<WheelEvent>) => void;
  /** Drawn above the dashboard (the editor's handles and guides). */
  overlay?: ReactNode;
  label?: string;
}

export function StageView(props: StageViewProps) {
  const { stage, scale } = props;
  return (
    <figure className="lt-stage" aria-label={props.label}>
      <Stage
        ref={props.stageRef}
        width={Math.round(stage.attrs.width * scale)}
        height={Math.round(stage.attrs.height * scale)}
        scaleX={scale}
        scaleY={scale}
        onMouseDown={props.onStageMouseDown}
        onTouchStart={props.onStageMouseDown}
        onWheel={props.onWheel}
        style={{ background: stage.attrs.background, width: 'fit-content' }}
      >
        {stage.children.map((layer) =>
          layer.attrs.visible ? (
            <Layer key={layer.attrs.id} id={layer.attrs.id}>
              {layer.children.map((node) => (
                <NodeView
                  key={node.attrs.id}
                  node={node}
                  layer={layer}
                  values={props.values}
                  imageSrc={props.imageSrc}
                  animate={props.animate}
                  extras={props.nodeExtras}
                />
              ))}
            </Layer>
          ) : null,
        )}
        {props.overlay}
      </Stage>
    </figure>
  );
}

interface NodeViewProps {
  node: KonvaNode;
  layer: KonvaLayer;
  values: ValueMap;
  imageSrc: (resourceId: string) => string;
  animate: boolean;
  extras: NodeExtras | undefined;
}

function NodeView({ node, layer, values, imageSrc, animate, extras }: NodeViewProps) {
  const ref = useRef<Konva.Shape>(null);
  const kind = animate ? (node.attrs.animation ?? 'none') : 'none';
  useNodeAnimation(ref, kind);
  const { binding: _binding, resourceId, animation: _animation, ...attrs } = node.attrs;
  // A callback ref: it fits every shape's ref type, where a ref object typed as Shape does not.
  const setRef = (instance: Konva.Shape | null) => {
    ref.current = instance;
  };
  const props = {
    ...attrs,
    ...shownAttrs(node, values),
    ...extras?.(node, layer),
    ref: setRef,
    name: node.attrs.name ?? node.attrs.id,
  };
  switch (node.className) {
    case 'Rect':
      return <Rect {...props} />;
    case 'Circle':
      return <Circle {...props} />;
    case 'Ellipse':
      return <Ellipse {...props} radius={undefined} radiusX={attrs.radiusX ?? 40} radiusY={attrs.radiusY ?? 24} />;
    case 'Line':
      return <Line {...props} points={attrs.points ?? []} />;
    case 'Arrow':
      return <Arrow {...props} points={attrs.points ?? []} />;
    case 'Text':
      return <Text {...props} />;
    case 'Image':
      return <ResourceImage {...props} src={resourceId === undefined ? undefined : imageSrc(resourceId)} />;
  }
}

function ResourceImage({ src, ...props }: Record<string, unknown> & { src: string | undefined }) {
  const image = useHtmlImage(src);
  return <KonvaImage {...props} image={image} />;
}

/** An image element for Konva, loaded from the server (same origin). */
export function useHtmlImage(src: string | undefined): HTMLImageElement | undefined {
  const [image, setImage] = useState<HTMLImageElement | undefined>(undefined);
  useEffect(() => {
    if (src === undefined) return;
    const img = new window.Image();
    const done = () => setImage(img);
    img.addEventListener('load', done);
    img.src = src;
    return () => img.removeEventListener('load', done);
  }, [src]);
  return image;
}

/** Pipe flow (dashes moving along the line), blinking, rotation about the shape's middle. */
function useNodeAnimation(ref: React.RefObject<Konva.Shape | null>, kind: string) {
  useEffect(() => {
    const shape = ref.current;
    if (shape === null || kind === 'none') return;
    const layer = shape.getLayer();
    if (layer === null) return;
    const start = {
      dash: shape.dash(),
      opacity: shape.opacity(),
      rotation: shape.rotation(),
      offsetX: shape.offsetX(),
      offsetY: shape.offsetY(),
      x: shape.x(),
      y: shape.y(),
    };
    if (kind === 'flow' && (start.dash === undefined || start.dash.length === 0)) shape.dash([18, 12]);
    if (kind === 'rotate') {
      const w = shape.width() / 2;
      const h = shape.height() / 2;
      shape.offset({ x: w, y: h });
      shape.position({ x: start.x + w, y: start.y + h });
    }
    const animation = new Konva.Animation((frame) => {
      const t = (frame?.time ?? 0) / 1000;
      if (kind === 'flow') shape.dashOffset(-t * 40);
      else if (kind === 'blink') shape.opacity(0.25 + 0.75 * Math.abs(Math.cos(t * Math.PI)));
      else if (kind === 'rotate') shape.rotation(start.rotation + t * 90);
    }, layer);
    animation.start();
    return () => {
      animation.stop();
      shape.dash(start.dash);
      shape.dashOffset(0);
      shape.opacity(start.opacity);
      shape.rotation(start.rotation);
      shape.offset({ x: start.offsetX, y: start.offsetY });
      shape.position({ x: start.x, y: start.y });
    };
  }, [ref, kind]);
}
