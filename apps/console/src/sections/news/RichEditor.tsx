import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Progress, Tooltip } from 'antd';
import { useRef } from 'react';
import { useImageUpload } from './ImagePicker';

/**
 * The article editor (tiptap, loaded only when an article is opened): headings, bold, italic,
 * strike, lists, quotes, links and images uploaded through /cms/images. What it writes is HTML
 * that the server sanitises again on save, so the editor is a convenience, not the guard.
 */
export default function RichEditor({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const { modal } = App.useApp();
  const { upload, percent } = useImageUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: initial,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  if (editor === null) return null;

  const chain = () => editor.chain().focus();
  const button = (title: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={title} key={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        onClick={run}
      />
    </Tooltip>
  );
  const heading = (level: 2 | 3 | 4) => (
    <Button
      key={level}
      size="small"
      type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
      onClick={() => chain().toggleHeading({ level }).run()}
      aria-label={`标题 ${level - 1}`}
    >
      H{level - 1}
    </Button>
  );
  const setLink = () => {
    let url = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    modal.confirm({
      title: '插入链接',
      content: (
        <input
          className="ant-input"
          defaultValue={url}
          aria-label="链接地址"
          onChange={(e) => {
            url = e.target.value;
          }}
        />
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        if (url.trim() === '' || url === 'https://') chain().unsetLink().run();
        else chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
      },
    });
  };

  return (
    <div className="lt-cms-editor">
      <div className="lt-cms-toolbar" role="toolbar" aria-label="正文格式">
        {heading(2)}
        {heading(3)}
        {heading(4)}
        <Divider type="vertical" />
        {button('加粗', <BoldOutlined />, editor.isActive('bold'), () => chain().toggleBold().run())}
        {button('斜体', <ItalicOutlined />, editor.isActive('italic'), () => chain().toggleItalic().run())}
        {button('删除线', <StrikethroughOutlined />, editor.isActive('strike'), () => chain().toggleStrike().run())}
        <Divider type="vertical" />
        {button('无序列表', <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
          chain().toggleBulletList().run(),
        )}
        {button('有序列表', <OrderedListOutlined />, editor.isActive('orderedList'), () =>
          chain().toggleOrderedList().run(),
        )}
        <Button
          size="small"
          type={editor.isActive('blockquote') ? 'primary' : 'text'}
          onClick={() => chain().toggleBlockquote().run()}
        >
          引用
        </Button>
        <Divider type="vertical" />
        {button('链接', <LinkOutlined />, editor.isActive('link'), setLink)}
        {button('取消链接', <DisconnectOutlined />, false, () => chain().unsetLink().run())}
        {button('插入图片', <PictureOutlined />, false, () => fileInput.current?.click())}
        <Divider type="vertical" />
        {button('撤销', <UndoOutlined />, false, () => chain().undo().run())}
        {button('重做', <RedoOutlined />, false, () => chain().redo().run())}
      </div>
      {percent !== undefined && <Progress percent={percent} size="small" />}
      <EditorContent editor={editor} className="lt-cms-editor-body" />
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        style={{ display: 'none' }}
        data-testid="editor-image-input"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file === undefined) return;
          const image = await upload(file);
          if (image !== undefined)
            chain()
              .setImage({ src: image.url, alt: file.name.replace(/\.[^.]+$/, '') })
              .run();
        }}
      />
    </div>
  );
}
