import type { AuditRow } from '@lantian/contracts';
import { Descriptions, Drawer, Empty, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { changedCount, type DiffRow, diffRows, prettyJson } from './audit-diff';
import { OUTCOMES, targetTypeName } from './audit-filters';

const STATUS_TEXT: Record<DiffRow['status'], string> = {
  added: '新增',
  removed: '删除',
  changed: '修改',
  same: '未变',
};

function Value({ text }: { text: string | undefined }) {
  return text === undefined ? <span className="lt-muted">（无）</span> : <pre className="lt-audit-json">{text}</pre>;
}

/** Before → after, field by field, changed fields highlighted; "仅看变化" hides the rest. */
function ChangeTable({ rows }: { rows: DiffRow[] }) {
  const [onlyChanged, setOnlyChanged] = useState(true);
  const changed = changedCount(rows);
  const shown = onlyChanged ? rows.filter((r) => r.status !== 'same') : rows;
  return (
    <>
      <Space className="lt-audit-diff-head">
        <Typography.Text type="secondary">
          共 {rows.length} 个字段，{changed} 个有变化
        </Typography.Text>
        <Segmented
          size="small"
          value={onlyChanged ? 'changed' : 'all'}
          onChange={(v) => setOnlyChanged(v === 'changed')}
          options={[
            { value: 'changed', label: '仅看变化' },
            { value: 'all', label: '全部字段' },
          ]}
          aria-label="显示的字段"
        />
      </Space>
      <table className="lt-audit-diff">
        <thead>
          <tr>
            <th scope="col">字段</th>
            <th scope="col">修改前</th>
            <th scope="col">修改后</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.path} className={`lt-audit-diff-${r.status}`}>
              <th scope="row">
                <span className="lt-mono">{r.path === '' ? '（值）' : r.path}</span>
                {r.status !== 'same' && <span className="lt-audit-diff-badge">{STATUS_TEXT[r.status]}</span>}
              </th>
              <td>
                <Value text={r.before} />
              </td>
              <td>
                <Value text={r.after} />
              </td>
            </tr>
          ))}
          {shown.length === 0 && (
            <tr>
              <td colSpan={3} className="lt-muted">
                没有变化的字段
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}

/** One entry of the log: who, when, from where, what, and before → after. */
export function AuditDetail({ entry, onClose }: { entry: AuditRow; onClose(): void }) {
  const rows = diffRows(entry.before, entry.after);
  const outcome = OUTCOMES[entry.outcome];
  const hasData = rows.length > 0;
  return (
    <Drawer open size={880} title={`审计记录：${entry.actionName}`} onClose={onClose} destroyOnHidden>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'at', label: '时间', children: entry.at },
          { key: 'outcome', label: '结果', children: <Tag color={outcome.color}>{outcome.label}</Tag> },
          { key: 'actor', label: '操作者', children: entry.actor },
          { key: 'ip', label: 'IP 地址', children: entry.ip ?? <span className="lt-muted">无</span> },
          {
            key: 'action',
            label: '动作',
            children: (
              <>
                {entry.actionName} <Typography.Text type="secondary">（{entry.action}）</Typography.Text>
              </>
            ),
          },
          {
            key: 'target',
            label: '对象',
            children:
              entry.targetType === null ? (
                <span className="lt-muted">无</span>
              ) : (
                <>
                  {targetTypeName(entry.targetType)}：{entry.targetName ?? entry.targetId}
                  {entry.targetId !== null && entry.targetId !== entry.targetName && (
                    <Typography.Text type="secondary" className="lt-audit-target-id">
                      {entry.targetId}
                    </Typography.Text>
                  )}
                </>
              ),
          },
          ...(entry.detail === null ? [] : [{ key: 'detail', label: '说明', span: 2, children: entry.detail }]),
        ]}
      />
      <Typography.Title level={5} className="lt-audit-section-title">
        修改前 → 修改后
      </Typography.Title>
      {hasData ? (
        <Tabs
          items={[
            { key: 'diff', label: '字段对比', children: <ChangeTable rows={rows} /> },
            {
              key: 'raw',
              label: '原始记录',
              children: (
                <div className="lt-audit-raw">
                  <section aria-label="修改前">
                    <Typography.Text strong>修改前</Typography.Text>
                    <Value text={entry.before === null ? undefined : prettyJson(entry.before)} />
                  </section>
                  <section aria-label="修改后">
                    <Typography.Text strong>修改后</Typography.Text>
                    <Value text={entry.after === null ? undefined : prettyJson(entry.after)} />
                  </section>
                </div>
              ),
            },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="此记录没有修改前后的数据（如登录、签发令牌）" />
      )}
    </Drawer>
  );
}
