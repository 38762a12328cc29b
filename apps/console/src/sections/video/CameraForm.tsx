import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors } from '../../shared/form/zod-form';
import { cameraSaveBody, type VideoCamera, videoApi } from './video.api';

interface Fields {
  channels: { channelid: number; name: string; ptz: boolean; rtspUrl?: string }[];
  onvifUrl?: string;
  onvifUser?: string;
  onvifPassword?: string;
}

/**
 * 视频配置 of a C01 camera (video:control): its channels with their RTSP addresses and the ONVIF
 * endpoint for PTZ. Stored addresses and passwords are never shown: an empty field keeps them.
 */
export function CameraForm({ camera, onClose, onSaved }: { camera: VideoCamera; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: videoApi.save,
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });
  const finish = (fields: Fields) => {
    const blank = (v?: string) => (v === undefined || v.trim() === '' ? undefined : v.trim());
    const body = {
      deviceCode: camera.deviceCode,
      channels: fields.channels.map((c) => ({ ...c, rtspUrl: blank(c.rtspUrl) })),
      onvifUrl: blank(fields.onvifUrl),
      onvifUser: blank(fields.onvifUser),
      onvifPassword: blank(fields.onvifPassword),
    };
    const parsed = parseForm(cameraSaveBody, body);
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(body);
  };
  const stored = camera.configured;
  return (
    <FormDrawer
      title={`视频配置：${camera.name}`}
      size={560}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{
          channels:
            camera.channels.length > 0
              ? camera.channels.map((c) => ({ channelid: c.channelid, name: c.name, ptz: c.ptz }))
              : [{ channelid: 1, name: '主码流', ptz: false }],
        }}
      >
        <Typography.Paragraph type="secondary">
          RTSP 地址形如 rtsp://用户名:密码@摄像机地址:554/路径，加密保存、不再显示；{stored ? '留空表示不修改。' : ''}
        </Typography.Paragraph>
        <Form.List name="channels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'channelid']} label="通道号" rules={[{ required: true }]}>
                    <InputNumber min={1} max={64} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label="名称"
                    rules={[{ required: true, message: '请填写通道名称' }]}
                  >
                    <Input style={{ width: 120 }} maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'rtspUrl']} label="RTSP 地址">
                    <Input.Password
                      style={{ width: 200 }}
                      placeholder={stored ? '不修改' : 'rtsp://'}
                      visibilityToggle
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'ptz']} valuePropName="checked" label="云台">
                    <Checkbox />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined aria-label="删除通道" onClick={() => remove(field.name)} />
                  )}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ channelid: fields.length + 1, name: `通道${fields.length + 1}`, ptz: false })}
              >
                添加通道
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="onvifUrl" label="ONVIF 地址（云台控制，可空）" style={{ marginTop: 16 }}>
          <Input placeholder={camera.onvif ? '已登记，留空不修改' : 'http://摄像机地址/onvif/device_service'} />
        </Form.Item>
        <Space>
          <Form.Item name="onvifUser" label="ONVIF 用户名">
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="onvifPassword" label="ONVIF 密码">
            <Input.Password
              style={{ width: 200 }}
              placeholder={camera.onvif ? '不修改' : ''}
              autoComplete="new-password"
            />
          </Form.Item>
        </Space>
      </Form>
    </FormDrawer>
  );
}
