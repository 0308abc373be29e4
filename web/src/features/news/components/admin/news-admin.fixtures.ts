import type { News, UploadedFile } from '@flood/domain';
import { fireEvent, waitFor } from '@testing-library/react';
import { act } from 'react';
import { jsonResponse } from '../../../../test/fixtures';

// Test data and steps shared by the news management tests.

export const fileId = (c: string) => c.repeat(32);
export const fileUrl = (c: string) => `/api/files/${fileId(c)}`;

export function newsItem(over: Partial<News> & Pick<News, 'id' | 'name'>): News {
  return {
    sapo: null,
    author: null,
    avatar: null,
    files: [],
    date: '2026-03-04T01:02:00.000Z',
    status: 'DRAFT',
    type: 'NORMAL',
    userId: 7,
    userName: 'Nguyễn Văn An',
    demo: false,
    createdAt: '2026-03-04T01:00:00.000Z',
    units: [],
    content: '<p>Nội dung</p>',
    attachments: [],
    ...over,
  };
}

export function uploaded(c: string, name: string, mime: string): UploadedFile {
  return {
    id: fileId(c),
    url: fileUrl(c),
    thumbnail: mime.startsWith('image/') ? `${fileUrl(c)}/thumbnail` : null,
    name,
    mime,
    size: 1234,
    createdAt: '2026-03-04T01:00:00.000Z',
  };
}

export const page = (items: News[]) => jsonResponse(200, { items, total: items.length });
export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
export const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id)!, { target: { value } });

/** The TipTap editor of the open dialog (TipTap puts itself on its element). */
export async function editorIn(container: ParentNode = document) {
  return waitFor(() => {
    const el = container.querySelector('.ProseMirror') as (HTMLElement & { editor?: unknown }) | null;
    if (!el?.editor) throw new Error('editor not loaded yet');
    return el.editor as {
      getHTML: () => string;
      commands: { setContent: (html: string, o?: { emitUpdate?: boolean }) => boolean };
    };
  });
}

/** Types a body as a person would end up with it (the editor's own update path). */
export async function writeBody(html: string, container: ParentNode = document) {
  const editor = await editorIn(container);
  act(() => {
    editor.commands.setContent(html, { emitUpdate: true });
  });
}

export async function chooseOption(selectId: string, label: string) {
  fireEvent.mouseDown(document.getElementById(selectId)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent === label && !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/** Types a date and time into an antd DatePicker as DD/MM/YYYY HH:mm:ss and confirms it. */
export async function typeDate(id: string, text: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => {
    if (input.value !== text) throw new Error(`date shows ${input.value}`);
  });
}

export const pdf = (name = 'quyet-dinh.pdf') => new File(['%PDF-1.4\n%%EOF'], name, { type: 'application/pdf' });
export const png = (name = 'anh.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** Opens a tab of the page by its label. */
export async function openTab(label: string) {
  const tab = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-tabs-tab-btn')].find((t) => t.textContent === label);
    if (!found) throw new Error(`no tab ${label}`);
    return found;
  });
  fireEvent.click(tab);
}

// jsdom does no layout: ProseMirror measures the selection to scroll it into view after an image is inserted.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}
