import { TEXT_MAX } from '@flood/domain';
import { App, Button, Form, Input, Modal } from 'antd';
import { divIcon, type LeafletMouseEvent, latLng, marker } from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { usePostFloodPhoto } from '../../../flood-photos';
import { ImageField } from './image-field';
import { focusPhoto } from './photo-cluster-layer';
import { type PhotoPlace, PlaceField, roundCoordinate } from './place-field';
import { postErrorView } from './post-error';
import { shrinkPhoto } from './shrink-photo';
import './photos.css';

interface PhotoValues {
  desc: string;
  location: string;
  place: PhotoPlace | null;
  image: File | null;
}

const INITIAL: PhotoValues = { desc: '', location: '', place: null, image: null };

const pinIcon = divIcon({
  html: '<span class="photo-place-pin-dot"></span>',
  className: 'photo-place-pin',
  iconSize: [28, 28],
  iconAnchor: [14, 34],
});

export interface PhotoPostModalProps extends MapToolProps {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * The 'Đăng ảnh' form (public-portal §2, §5, §8): description, location, the place (the phone's position or
 * a tap on the map, while the form hides) and the photo. Location and photo missing → 'Vui lòng nhập đầy đủ
 * thông tin' and nothing is sent; while sending everything is disabled and the button spins; success toasts
 * 'Cập nhật thành công', closes, and the map shows the new photo; a failure says why and keeps the form.
 */
export default function PhotoPostModal({ map, active, setActive, resetSignal, open, setOpen }: PhotoPostModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhotoValues>();
  const place = Form.useWatch('place', form) as PhotoPlace | null | undefined;
  const post = usePostFloodPhoto();
  const [sending, setSending] = useState(false);
  const picking = active === 'photo';

  const reset = useCallback(() => {
    form.resetFields();
    post.reset();
  }, [form, post.reset]);

  // Closing drops the draft once the dialog has faded out; hiding it to pick the place keeps it.
  const discard = useRef(false);
  const dismiss = useCallback(() => {
    discard.current = true;
    setOpen(false);
  }, [setOpen]);
  const afterClose = () => {
    if (!discard.current) return;
    discard.current = false;
    reset();
  };

  const close = () => {
    if (!sending) dismiss();
  };

  const backToForm = useCallback(() => {
    setActive(null);
    setOpen(true);
  }, [setActive, setOpen]);

  // 'Chọn trên bản đồ': the next tap on the map is the photo's place; Escape goes back to the form.
  useEffect(() => {
    if (!map || !picking) return;
    const container = map.getContainer();
    container.classList.add('photo-picking');
    const onClick = (event: LeafletMouseEvent) => {
      const at = event.latlng.wrap();
      form.setFields([
        { name: 'place', value: { lat: roundCoordinate(at.lat), long: roundCoordinate(at.lng) }, errors: [] },
      ]);
      backToForm();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') backToForm();
    };
    map.on('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick);
      document.removeEventListener('keydown', onKey);
      container.classList.remove('photo-picking');
    };
  }, [map, picking, form, backToForm]);

  // The chosen place as a pin, while the form or the picking is on.
  useEffect(() => {
    if (!map || !place || !(open || picking)) return;
    const pin = marker([place.lat, place.long], {
      icon: pinIcon,
      interactive: false,
      keyboard: false,
      title: t('map.photos.pin'),
    }).addTo(map);
    return () => {
      pin.remove();
    };
  }, [map, place, open, picking, t]);

  // 'Làm mới bản đồ': the form is dropped with its pin.
  const seenReset = useRef(resetSignal);
  useEffect(() => {
    if (seenReset.current === resetSignal) return;
    seenReset.current = resetSignal;
    if (open) dismiss();
    else reset();
  }, [resetSignal, open, dismiss, reset]);

  const startPicking = () => {
    setOpen(false);
    setActive('photo');
  };

  const located = (at: PhotoPlace) => {
    form.setFields([{ name: 'place', errors: [] }]);
    const here = latLng(at.lat, at.long);
    if (map && !map.getBounds().contains(here)) map.setView(here, Math.max(map.getZoom(), 14));
  };

  const showError = (error: unknown) => {
    const view = postErrorView(error, t('errors.generic'));
    form.setFields(view.fields);
    if (view.toast) void message.error(view.toast);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      const v = form.getFieldsValue(true) as PhotoValues;
      if (!v.location?.trim() || !v.image) void message.error(t('map.photos.required'));
      else if (!v.place) void message.error(t('map.photos.placeRequired'));
      else void message.error(form.getFieldError('image')[0] ?? t('map.photos.required'));
      return;
    }
    const v = form.getFieldsValue(true) as PhotoValues;
    setSending(true);
    try {
      const image = await shrinkPhoto(v.image!);
      const created = await post.mutateAsync({
        desc: v.desc.trim(),
        location: v.location.trim(),
        lat: v.place!.lat,
        long: v.place!.long,
        image: image.blob,
        fileName: image.name,
      });
      void message.success(t('map.photos.saved'));
      dismiss();
      focusPhoto(created);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  const hint =
    picking && map
      ? createPortal(
          <div className="photo-pick-hint" role="status" data-testid="photo-pick-hint">
            <span>{t('map.photos.pickHint')}</span>
            <Button size="small" onClick={backToForm} data-testid="photo-pick-back">
              {t('map.photos.pickBack')}
            </Button>
          </div>,
          map.getContainer().closest('.map-page') ?? document.body,
        )
      : null;

  return (
    <>
      {hint}
      <Modal
        open={open}
        title={t('map.photos.title')}
        onCancel={close}
        afterClose={afterClose}
        maskClosable={false}
        closable={!sending}
        keyboard={!sending}
        centered
        width={480}
        modalRender={(node) => (
          <div className="photo-modal" data-testid="photo-modal">
            {node}
          </div>
        )}
        footer={[
          <Button key="cancel" onClick={close} disabled={sending}>
            {t('common.cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={sending}
            onClick={() => void submit()}
            data-testid="photo-submit"
          >
            {t('map.photos.submit')}
          </Button>,
        ]}
      >
        <p className="photo-intro">{t('map.photos.intro')}</p>
        <Form<PhotoValues> form={form} layout="vertical" disabled={sending} initialValues={INITIAL} requiredMark>
          <Form.Item label={t('map.photos.desc')} name="desc" htmlFor="photo-desc">
            <Input.TextArea
              id="photo-desc"
              maxLength={TEXT_MAX}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('map.photos.descPlaceholder')}
              data-testid="photo-desc"
            />
          </Form.Item>
          <Form.Item
            label={t('map.photos.location')}
            name="location"
            htmlFor="photo-location"
            required
            rules={[{ required: true, whitespace: true, message: t('map.photos.locationRequired') }]}
          >
            <Input
              id="photo-location"
              maxLength={TEXT_MAX}
              placeholder={t('map.photos.locationPlaceholder')}
              data-testid="photo-location"
            />
          </Form.Item>
          <Form.Item
            label={t('map.photos.place')}
            name="place"
            htmlFor="photo-place"
            required
            rules={[
              {
                validator: async (_, value: PhotoPlace | null) => {
                  if (!value) throw new Error(t('map.photos.placeRequired'));
                },
              },
            ]}
          >
            <PlaceField
              id="photo-place"
              onPickOnMap={startPicking}
              onLocated={located}
              onError={(text) => form.setFields([{ name: 'place', errors: [text] }])}
              disabled={sending}
            />
          </Form.Item>
          <Form.Item
            label={t('map.photos.image')}
            name="image"
            htmlFor="photo-image"
            required
            rules={[
              {
                validator: async (_, value: File | null) => {
                  if (!value) throw new Error(t('map.photos.imageRequired'));
                  // An unknown type ('') is left to the server, which checks the bytes.
                  if (value.type && !value.type.startsWith('image/')) throw new Error(t('map.photos.notImage'));
                },
              },
            ]}
          >
            <ImageField id="photo-image" disabled={sending} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
