import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginResponse } from '../../test/fixtures';
import {
  clearSession,
  getSession,
  getToken,
  isAuthenticated,
  reloadSessionFromStorage,
  SESSION_STORAGE_KEY,
  setSelectedView,
  startSession,
  updateUserDetail,
  useSession,
} from './session-store';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSessionFromStorage();
  });

  it('starts anonymous', () => {
    expect(getSession()).toBeNull();
    expect(isAuthenticated()).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('keeps the signed-in user in local storage under flood.currentUser', () => {
    startSession(loginResponse(['system', 'user']));
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(stored).toMatchObject({
      token: 'tok-123',
      id: 7,
      selectedView: null,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(stored.userDetail.functions).toEqual(['system', 'user']);
    expect(isAuthenticated()).toBe(true);
    expect(getToken()).toBe('tok-123');
  });

  it('updates the user detail and the selected view, and clears on sign-out', () => {
    startSession(loginResponse());
    updateUserDetail({ ...loginResponse().userDetail, name: 'Trần Thị Bình', verified: false });
    setSelectedView('users');
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(stored.userDetail.name).toBe('Trần Thị Bình');
    expect(stored.selectedView).toBe('users');
    clearSession();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });

  it('ignores a corrupt or foreign stored value', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"token":1}');
    reloadSessionFromStorage();
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    reloadSessionFromStorage();
    expect(getSession()).toBeNull();
  });

  it('re-renders subscribers on sign-in and sign-out', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => startSession(loginResponse()));
    expect(result.current?.userDetail.name).toBe('Nguyễn Văn An');
    act(() => clearSession());
    expect(result.current).toBeNull();
  });
});
