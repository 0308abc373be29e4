import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { FormModal, focusFirstField } from './form-modal';

function twoFields(): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = '<input type="hidden" name="id"><input id="first"><textarea id="second"></textarea>';
  document.body.append(root);
  return root;
}

describe('focusFirstField', () => {
  it('focuses the first field a person can type into when nothing in the dialog has the focus', () => {
    const root = twoFields();
    focusFirstField(root);
    expect(document.activeElement?.id).toBe('first');
    root.remove();
  });

  it('leaves the focus where the person put it while the dialog was opening (their text stays there)', () => {
    const root = twoFields();
    root.querySelector<HTMLTextAreaElement>('#second')!.focus();
    focusFirstField(root);
    expect(document.activeElement?.id).toBe('second');
    root.remove();
  });
});

function Dialog({ onClose = () => {} }: { onClose?: () => void }) {
  const [form] = Form.useForm<{ code: string; note: string }>();
  return (
    <FormModal open title="Thêm trạm" onClose={onClose} form={form} onFinish={() => {}} submitTestId="submit">
      <Form.Item label="Mã trạm" name="code" htmlFor="code">
        <Input id="code" />
      </Form.Item>
      <Form.Item label="Mô tả" name="note" htmlFor="note">
        <Input.TextArea id="note" />
      </Form.Item>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('puts the focus in its first field once it has opened', async () => {
    renderWithProviders(<Dialog />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mã trạm')));
  });

  it('stays open, with what was typed, when the person clicks beside it; Huỷ closes it', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Dialog onClose={onClose} />);
    const code = await screen.findByLabelText('Mã trạm');
    fireEvent.change(code, { target: { value: 'F01024' } });
    const wrap = document.querySelector('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Mã trạm') as HTMLInputElement).value).toBe('F01024');
    fireEvent.click(screen.getByRole('button', { name: 'Huỷ' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
