import { createContext, useContext } from 'react';
import { DemoTag } from '../../shared/aqi';

/**
 * Demo data is always labelled. When the page's headline data is demo, one note in the headline card
 * says so for the whole page; a block whose own data is demo on an otherwise real page carries its own tag.
 */
export const PageDemoContext = createContext(false);

export function BlockDemoTag({ demo }: { demo: boolean }) {
  const pageSaysSo = useContext(PageDemoContext);
  return demo && !pageSaysSo ? <DemoTag /> : null;
}

/** The page-wide label, in the headline card where the eye lands first. */
export function DemoNote() {
  return (
    <p className="lt-cap-demo-note" role="note" data-testid="demo-banner">
      <DemoTag />
      <span>本页数值由系统生成，用于展示功能，不是真实监测结果。</span>
    </p>
  );
}
