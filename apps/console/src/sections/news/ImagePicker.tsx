import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { CMS_IMAGE_LIMITS_TEXT } from '@lantian/contracts';
import { App, Button, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '../../shared/api';
import { type UploadedImage, uploadImage } from './news.api';
import { imageFileProblem } from './news-editor';

/**
 * Picks one image file and uploads it (progress shown); answers the stored image. The type and size
 * are checked here first so a wrong file costs no upload; the server checks the bytes again.
 */
export function useImageUpload() {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const upload = async (file: File): Promise<UploadedImage | undefined> => {
    const problem = imageFileProblem(file);
    if (problem !== undefined) {
      void message.error(problem);
      return undefined;
    }
    setPercent(0);
    try {
      return await uploadImage(file, { onProgress: setPercent });
    } catch (err) {
      void message.error(`上传失败：${errorText(err)}`);
      return undefined;
    } finally {
      setPercent(undefined);
    }
  };
  return { upload, percent };
}

export function ImagePicker({
  value,
  onChange,
  label = '上传图片',
}: {
  value: string | null;
  onChange: (image: UploadedImage | null) => void;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, percent } = useImageUpload();
  return (
    <Space direction="vertical" size={6}>
      {value !== null && <img className="lt-cms-thumb" src={`/api/cms/image/${value}`} alt="已选图片" />}
      <Space>
        <Button icon={value === null ? <UploadOutlined /> : <PictureOutlined />} onClick={() => input.current?.click()}>
          {value === null ? label : '更换'}
        </Button>
        {value !== null && (
          <Button type="link" danger onClick={() => onChange(null)}>
            移除
          </Button>
        )}
      </Space>
      {percent !== undefined && <Progress percent={percent} size="small" style={{ width: 200 }} />}
      <span className="lt-muted">{CMS_IMAGE_LIMITS_TEXT}，上传后自动缩放到 1920 像素以内并去除拍摄信息</span>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        style={{ display: 'none' }}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file === undefined) return;
          const image = await upload(file);
          if (image !== undefined) onChange(image);
        }}
      />
    </Space>
  );
}
