import { AimOutlined, ReloadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@lantian/contracts/error-codes';
import { Alert, Button, Form, Input, Result, Select, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCityDirectory, useCurrentCity } from '../../modules/city';
import { ApiError } from '../../shared/api/client';
import { getCaptcha, type SubmitResult, submitComplaint } from './complaint.api';
import {
  COMPLAINT_TYPES,
  type ComplaintField,
  type ComplaintValues,
  checkComplaint,
  districtOptions,
  positionOf,
  submitParams,
} from './complaint-form';

interface Captcha {
  uuid: string;
  img: string;
}

type Fix = { state: 'idle' } | { state: 'locating' } | { state: 'failed'; why: string };

const EMPTY: ComplaintValues = {
  type: '',
  content: '',
  address: '',
  contactName: '',
  phone: '',
  code: '',
  areaCode: '',
  position: null,
};

function fixProblem(error: GeolocationPositionError | undefined): string {
  if (error === undefined) return '此浏览器不能定位，请填写地址';
  if (error.code === error.PERMISSION_DENIED) return '未允许定位，请填写地址';
  return '暂时无法定位，请填写地址';
}

/** The image captcha as on the login form: the picture is the refresh button; a check spends it. */
function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
      setFailed(false);
    } catch {
      setCaptcha(null);
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { captcha, failed, refresh: load };
}

/**
 * 我要投诉: type, what happened, where (the county, an address, the phone's position if allowed), who
 * (optional), the image captcha. On success the tracking number, with which the citizen follows it
 * (查询进度, with the last four digits of the phone given).
 */
export function ComplaintForm({ onTrack }: { onTrack(no: string): void }) {
  const [values, setValues] = useState<ComplaintValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ComplaintField, string>>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [fix, setFix] = useState<Fix>({ state: 'idle' });
  const [done, setDone] = useState<SubmitResult | undefined>(undefined);
  const { captcha, failed, refresh } = useCaptcha();
  const { cities } = useCityDirectory();
  const city = useCurrentCity();
  const districts = useMemo(() => districtOptions(cities, city?.code), [cities, city?.code]);

  const set = <K extends keyof ComplaintValues>(name: K, value: ComplaintValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name in errors) setErrors((e) => ({ ...e, [name]: undefined }));
    setProblem(undefined);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) return setFix({ state: 'failed', why: fixProblem(undefined) });
    setFix({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const position = positionOf(p.coords);
        if (position === undefined) return setFix({ state: 'failed', why: '定位结果不在中国境内，请填写地址' });
        set('position', position);
        setErrors((e) => ({ ...e, address: undefined }));
        setFix({ state: 'idle' });
      },
      (error) => setFix({ state: 'failed', why: fixProblem(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const submit = async () => {
    if (busy) return;
    const found = checkComplaint(values);
    setErrors(found);
    if (Object.values(found).some((e) => e !== undefined)) {
      // On a phone the first problem may be a screen away: bring it into view.
      requestAnimationFrame(() =>
        document.querySelector('.lt-cp-form .ant-form-item-has-error')?.scrollIntoView({ block: 'center' }),
      );
      return;
    }
    if (captcha === null) return;
    setBusy(true);
    setProblem(undefined);
    try {
      setDone(await submitComplaint(submitParams(values, captcha.uuid)));
    } catch (err) {
      const message = err instanceof ApiError && err.code !== 0 ? err.message : '提交失败，请检查网络后重试';
      if (err instanceof ApiError && err.code === ErrorCode.CAPTCHA_INVALID)
        setErrors((e) => ({ ...e, code: message }));
      else setProblem(message);
      // The server spends a captcha on every check: the next try needs a new one.
      set('code', '');
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  if (done !== undefined) {
    return (
      <Result
        status="success"
        title="投诉已提交"
        subTitle={`提交时间 ${done.createdAt}。我们会尽快受理，处理结果可凭投诉编号查询。`}
        extra={[
          <div key="no" className="lt-cp-no">
            <span>投诉编号</span>
            <Typography.Text copyable={{ text: done.no, tooltips: ['复制', '已复制'] }} strong>
              {done.no}
            </Typography.Text>
          </div>,
          <Button key="track" type="primary" onClick={() => onTrack(done.no)}>
            查询进度
          </Button>,
          <Button
            key="again"
            onClick={() => {
              setDone(undefined);
              setValues(EMPTY);
              void refresh();
            }}
          >
            继续投诉
          </Button>,
        ]}
      />
    );
  }

  const status = (field: ComplaintField) =>
    errors[field] === undefined ? {} : { validateStatus: 'error' as const, help: errors[field] };

  return (
    <Form
      component="form"
      layout="vertical"
      onFinish={submit}
      requiredMark
      className="lt-cp-form"
      aria-label="投诉举报"
    >
      <Form.Item label="投诉类型" required {...status('type')}>
        <fieldset className="lt-cp-types">
          <legend className="lt-cp-hidden">投诉类型</legend>
          {COMPLAINT_TYPES.map((t) => (
            <label key={t.value} className={values.type === t.value ? 'lt-cp-type lt-cp-type-on' : 'lt-cp-type'}>
              <input
                type="radio"
                name="type"
                value={t.value}
                checked={values.type === t.value}
                onChange={() => set('type', t.value)}
              />
              {t.label}
            </label>
          ))}
        </fieldset>
      </Form.Item>
      <Form.Item label="问题描述" required {...status('content')}>
        <Input.TextArea
          rows={4}
          maxLength={2000}
          showCount
          placeholder="请描述时间、地点和现象，如：每天夜里 11 点后工地渣土车未苫盖，道路扬尘严重"
          value={values.content}
          onChange={(e) => set('content', e.target.value)}
          aria-label="问题描述"
        />
      </Form.Item>
      <Form.Item label="所在区县" required {...status('areaCode')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择或搜索区县"
          value={values.areaCode === '' ? undefined : values.areaCode}
          onChange={(v: string) => set('areaCode', v)}
          options={districts}
          virtual
          aria-label="所在区县"
          notFoundContent="没有找到该区县"
        />
      </Form.Item>
      <Form.Item label="详细地址" required={values.position === null} {...status('address')}>
        <Input
          maxLength={200}
          placeholder="如：朝阳区北辰东路 8 号南侧工地"
          value={values.address}
          onChange={(e) => set('address', e.target.value)}
          aria-label="详细地址"
        />
        <div className="lt-cp-fix">
          {values.position === null ? (
            <Button
              size="small"
              icon={<AimOutlined />}
              loading={fix.state === 'locating'}
              onClick={locate}
              aria-label="使用当前位置"
            >
              使用当前位置
            </Button>
          ) : (
            <span className="lt-cp-fix-ok">
              已附上当前位置（{values.position.longitude.toFixed(5)}, {values.position.latitude.toFixed(5)}）
              <Button type="link" size="small" onClick={() => set('position', null)}>
                移除
              </Button>
            </span>
          )}
          {fix.state === 'failed' && <span className="lt-cp-fix-problem">{fix.why}</span>}
        </div>
      </Form.Item>
      <div className="lt-cp-pair">
        <Form.Item label="联系人（选填）" {...status('contactName')}>
          <Input
            maxLength={32}
            placeholder="姓名"
            autoComplete="name"
            value={values.contactName}
            onChange={(e) => set('contactName', e.target.value)}
            aria-label="联系人"
          />
        </Form.Item>
        <Form.Item label="手机号（选填）" {...status('phone')}>
          <Input
            maxLength={11}
            inputMode="tel"
            autoComplete="tel"
            placeholder="用于查询进度"
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
            aria-label="手机号"
          />
        </Form.Item>
      </div>
      <Form.Item label="图形验证码" required {...status('code')}>
        <div className="lt-cp-captcha-row">
          <Input
            placeholder="请输入验证码"
            autoComplete="off"
            maxLength={4}
            value={values.code}
            onChange={(e) => set('code', e.target.value)}
            aria-label="图形验证码"
          />
          <button
            type="button"
            className="lt-cp-captcha"
            onClick={() => {
              set('code', '');
              void refresh();
            }}
            title="看不清？点击刷新"
            aria-label="看不清？点击刷新验证码"
          >
            {captcha !== null ? (
              <img src={captcha.img} alt="图形验证码" />
            ) : (
              <span>
                {failed ? (
                  <>
                    <ReloadOutlined /> 点击重试
                  </>
                ) : (
                  '加载中…'
                )}
              </span>
            )}
          </button>
        </div>
      </Form.Item>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-cp-alert" />}
      <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={captcha === null}>
        {busy ? '提交中…' : '提交投诉'}
      </Button>
      <p className="lt-cp-note">手机号仅用于查询进度和回访，不会公开。恶意或虚假投诉将不予受理。</p>
    </Form>
  );
}
