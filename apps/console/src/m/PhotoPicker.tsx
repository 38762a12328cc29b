import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { PHOTO_LIMITS, PHOTO_LIMITS_TEXT } from '@lantian/contracts';
import { App, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { photoProblem } from '../sections/grid-events/event-view';

interface Props {
  value: File[];
  onChange(files: File[]): void;
  label?: string;
}

/**
 * Photos from the phone's camera (`capture="environment"`: the back camera opens at once; the gallery
 * is still offered by most phones), checked as the server will check them, shown as thumbnails that a
 * tap removes.
 */
export function PhotoPicker({ value, onChange, label = '拍照' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  const urls = useMemo(() => value.map((f) => URL.createObjectURL(f)), [value]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );

  const add = (files: FileList | null) => {
    const next = [...value];
    for (const file of Array.from(files ?? [])) {
      const trouble = photoProblem(file, next.length);
      if (trouble !== undefined) {
        void message.error({ content: trouble, key: trouble });
        continue;
      }
      next.push(file);
    }
    onChange(next);
    // The same photo may be picked again after it was removed.
    if (input.current !== null) input.current.value = '';
  };

  return (
    <div className="lt-m-photos">
      <div className="lt-m-photo-grid">
        {value.map((file, i) => (
          <div key={`${file.name}-${file.size}-${file.lastModified}`} className="lt-m-photo">
            <img src={urls[i]} alt={file.name} />
            <button
              type="button"
              className="lt-m-photo-remove"
              aria-label={`删除照片 ${i + 1}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <CloseOutlined />
            </button>
          </div>
        ))}
        {value.length < PHOTO_LIMITS.maxFiles && (
          <label className="lt-m-photo-add">
            <CameraOutlined />
            <span>{label}</span>
            <input
              ref={input}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              onChange={(e) => add(e.target.files)}
              aria-label={label}
            />
          </label>
        )}
      </div>
      <Typography.Text type="secondary" className="lt-m-hint">
        {PHOTO_LIMITS_TEXT}
      </Typography.Text>
    </div>
  );
}
