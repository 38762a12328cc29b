import { Result } from 'antd';
import { createElement } from 'react';
import type { Section } from '../sections';

/** The address of a section whose screens are not built yet (a bookmark, a link) says what it will be. */
export function ComingSoon({ section }: { section: Section }) {
  return (
    <Result
      icon={createElement(section.icon)}
      title={`${section.label}即将上线`}
      subTitle="该功能正在建设中，上线后即可从左侧菜单进入。"
    />
  );
}
