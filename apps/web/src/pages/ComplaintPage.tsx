import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SITE_TITLE_SUFFIX } from '../app/pages';
import { AntdScope } from '../shared/antd/AntdScope';
import { ComplaintForm } from './complaint/ComplaintForm';
import { ProgressForm } from './complaint/ProgressForm';
import './complaint/complaint.css';

/**
 * 投诉举报 (`/complaint`): the public complaint form, and 查询进度 (`/complaint?view=status&no=TS…`)
 * for following one with its tracking number. Mobile first: one column, thumb-sized controls.
 */
export default function ComplaintPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('view') === 'status';

  useEffect(() => {
    document.title = `投诉举报-${SITE_TITLE_SUFFIX}`;
  }, []);

  const show = (view: 'form' | 'status', no?: string) => {
    const next = new URLSearchParams();
    if (view === 'status') next.set('view', 'status');
    if (no !== undefined) next.set('no', no);
    setParams(next);
  };

  return (
    <AntdScope>
      <div className="lt-cp">
        <h1 className="lt-cp-title">投诉举报</h1>
        <p className="lt-cp-intro">
          发现扬尘、焚烧、油烟、废气、噪声等环境问题，可在此投诉举报，由所在区县网格受理处置。
        </p>
        <div className="lt-cp-switch" role="tablist" aria-label="投诉举报">
          <button
            type="button"
            role="tab"
            aria-selected={!status}
            className={status ? 'lt-cp-tab' : 'lt-cp-tab lt-cp-tab-on'}
            onClick={() => show('form')}
          >
            我要投诉
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={status}
            className={status ? 'lt-cp-tab lt-cp-tab-on' : 'lt-cp-tab'}
            onClick={() => show('status')}
          >
            查询进度
          </button>
        </div>
        <div className="lt-cp-card" role="tabpanel">
          {status ? (
            <ProgressForm key={params.get('no') ?? ''} initialNo={params.get('no') ?? ''} />
          ) : (
            <ComplaintForm onTrack={(no) => show('status', no)} />
          )}
        </div>
      </div>
    </AntdScope>
  );
}
