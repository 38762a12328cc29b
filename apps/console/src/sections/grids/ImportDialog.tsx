import { InboxOutlined } from '@ant-design/icons';
import type { GridImportError } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, List, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { checkImportFile, type ImportCheck, type ImportFeatureProblem } from './geojson-import';
import { importErrorsOf, importGrids } from './grids.api';

interface Props {
  /** The county or grid chosen in the tree: the parent of features that name none. */
  parent: { code: string; name: string } | undefined;
  onClose(): void;
  onImported(count: number): void;
}

function ProblemList({
  problems,
  names,
}: {
  problems: readonly ImportFeatureProblem[];
  names?: readonly (string | null)[];
}) {
  return (
    <List
      size="small"
      bordered
      className="lt-grid-import-errors"
      dataSource={[...problems]}
      renderItem={(p) => (
        <List.Item>
          第 {p.index + 1} 个{(p.name ?? names?.[p.index]) ? `「${p.name ?? names?.[p.index]}」` : ''}：{p.message}
        </List.Item>
      )}
    />
  );
}

/**
 * 导入 GeoJSON: the file is read in the browser and checked (a FeatureCollection, ≤ 2000 features,
 * ≤ 5 MB, each with a name, a parent and a usable boundary), the count previewed, then sent as one
 * import: all of it or nothing, the server's problems listed feature by feature.
 */
export function ImportDialog({ parent, onClose, onImported }: Props) {
  const [file, setFile] = useState<{ name: string; check: ImportCheck } | undefined>(undefined);
  const send = useMutation({
    mutationFn: (features: unknown[]) => importGrids({ type: 'FeatureCollection', features }),
    onSuccess: (result) => onImported(result.imported),
  });
  const serverErrors: GridImportError[] = send.isError ? importErrorsOf(send.error) : [];
  const preview = file?.check.ok ? file.check.preview : undefined;

  return (
    <Modal
      open
      width={640}
      title="导入网格边界（GeoJSON）"
      okText={preview === undefined ? '导入' : `导入 ${preview.features.length} 个网格`}
      okButtonProps={{ disabled: preview === undefined || preview.problems.length > 0 }}
      confirmLoading={send.isPending}
      onOk={() => preview !== undefined && send.mutate(preview.features)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        FeatureCollection，每个要素为 Polygon 或 MultiPolygon（WGS-84 经纬度），properties 中 name 必填，code
        选填，parentCode（上级网格，可为本文件中前面的网格）或 areaCode（区县）指明上级
        {parent !== undefined && `；未指明上级的要素归入「${parent.name}」`}。最多 2000 个、5 MB，全部成功或全部不导入。
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".json,.geojson,application/geo+json,application/json"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          send.reset();
          void f.text().then((text) => setFile({ name: f.name, check: checkImportFile(text, f.size, parent?.code) }));
          // Read here, sent by 导入: nothing is uploaded by the Upload itself.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file === undefined ? '点击或拖入 GeoJSON 文件' : file.name}</p>
      </Upload.Dragger>
      {file !== undefined && !file.check.ok && (
        <Alert type="error" showIcon title={file.check.message} className="lt-grid-import-result" />
      )}
      {preview !== undefined && preview.problems.length === 0 && !send.isError && (
        <Alert
          type="success"
          showIcon
          className="lt-grid-import-result"
          title={`共 ${preview.features.length} 个网格：${preview.names
            .slice(0, 5)
            .map((n) => n ?? '（无名）')
            .join('、')}${preview.names.length > 5 ? ' 等' : ''}`}
        />
      )}
      {preview !== undefined && preview.problems.length > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            className="lt-grid-import-result"
            title={`${preview.features.length} 个要素中有 ${new Set(preview.problems.map((p) => p.index)).size} 个有问题，请修正文件后重试`}
          />
          <ProblemList problems={preview.problems} names={preview.names} />
        </>
      )}
      {send.isError && (
        <>
          <Alert type="error" showIcon className="lt-grid-import-result" title={errorText(send.error)} />
          {serverErrors.length > 0 && <ProblemList problems={serverErrors} names={preview?.names} />}
        </>
      )}
    </Modal>
  );
}
