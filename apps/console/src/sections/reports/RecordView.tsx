import { FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Image, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { exportUrl, getRecord, reportKeys, updateRecord } from './reports.api';

/** A generated report as it will print: its rendered elements, the summary an operator writes, exports. */
export function RecordView() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canGenerate = useCan('report:generate');
  const record = useQuery({ queryKey: reportKeys.record(id), queryFn: ({ signal }) => getRecord(id, signal) });
  const [substance, setSubstance] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  if (record.isError) return <Alert type="error" showIcon message={errorText(record.error)} />;
  if (record.data === undefined) return <Spin />;
  const r = record.data;
  const text = substance ?? r.substance;

  return (
    <Card
      title={r.title}
      className="lt-report"
      extra={
        <Space>
          <Link to="/reports">返回</Link>
          <Button icon={<FileWordOutlined />} href={exportUrl(r.id, 'docx')}>
            导出 Word
          </Button>
          <Button icon={<FilePdfOutlined />} href={exportUrl(r.id, 'pdf')}>
            导出 PDF
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="区域">{r.areaName}</Descriptions.Item>
        <Descriptions.Item label="报告期">{r.periodLabel}</Descriptions.Item>
        <Descriptions.Item label="模板">{r.templateName}</Descriptions.Item>
        <Descriptions.Item label="类型">{r.typeName}</Descriptions.Item>
        <Descriptions.Item label="生成">
          {r.createdAt} {r.origin === 'schedule' ? <Tag color="cyan">定时</Tag> : r.createdBy}
        </Descriptions.Item>
        <Descriptions.Item label="数据">
          {r.numbers.air.source === 'demo' ? (
            <Tag color="orange">演示数据</Tag>
          ) : (
            (r.numbers.air.source ?? '无空气数据')
          )}
        </Descriptions.Item>
      </Descriptions>
      <article className="lt-report-body" aria-label="报告内容">
        {r.content.map((e) => {
          switch (e.kind) {
            case 'text':
              return e.style === 'heading' ? (
                <Typography.Title key={e.id} level={4}>
                  {e.text}
                </Typography.Title>
              ) : (
                <Typography.Paragraph key={e.id} className="lt-report-text">
                  {e.text}
                </Typography.Paragraph>
              );
            case 'table':
              return (
                <section key={e.id}>
                  {e.title !== '' && <Typography.Title level={5}>{e.title}</Typography.Title>}
                  <Table
                    size="small"
                    pagination={false}
                    aria-label={e.title}
                    rowKey={(row) => row.join('|')}
                    columns={e.columns.map((c, i) => ({
                      title: c,
                      key: String(i),
                      render: (_: unknown, row: string[]) => row[i],
                    }))}
                    dataSource={e.rows}
                  />
                </section>
              );
            default:
              return (
                <section key={e.id}>
                  {e.title !== '' && <Typography.Title level={5}>{e.title}</Typography.Title>}
                  <Image src={e.image} alt={e.title} className="lt-report-image" />
                </section>
              );
          }
        })}
      </article>
      <Typography.Title level={5}>综述</Typography.Title>
      <Input.TextArea
        aria-label="综述"
        value={text}
        maxLength={5000}
        autoSize={{ minRows: 3 }}
        disabled={!canGenerate}
        placeholder="填写结论与建议，导出时附在报告末尾"
        onChange={(ev) => setSubstance(ev.target.value)}
      />
      {canGenerate && (
        <Button
          className="lt-report-save"
          type="primary"
          loading={saving}
          disabled={substance === undefined || substance === r.substance}
          onClick={async () => {
            setSaving(true);
            try {
              const saved = await updateRecord({ id: r.id, substance: text });
              queryClient.setQueryData(reportKeys.record(r.id), saved);
              setSubstance(undefined);
              message.success('综述已保存');
            } catch (err) {
              message.error(errorText(err));
            } finally {
              setSaving(false);
            }
          }}
        >
          保存综述
        </Button>
      )}
    </Card>
  );
}
