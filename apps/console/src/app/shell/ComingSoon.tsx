import { Result } from 'antd';
import { createElement } from 'react';
import type { PlannedSection } from '../sections';

/** The address of a planned section (a bookmark, a link from elsewhere) says what it will be. */
export function ComingSoon({ section }: { section: PlannedSection }) {
  return (
    <Result
      icon={createElement(section.icon)}
      title={`${section.label}即将上线`}
      subTitle="该功能正在建设中，上线后即可从左侧菜单进入。"
    />
  );
}
