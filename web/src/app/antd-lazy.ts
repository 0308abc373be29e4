import type { ComponentType } from 'react';

/**
 * A lazily loaded component inside the antd scope (antd-scope.tsx), for `lazy(() => inAntdScope(import(...)))`:
 * the scope — antd's theme engine, ~70 KB gzip — is fetched with the component when it is first needed, not with
 * the page. The public map (#25, point 3) draws its map, legend and layers without antd; its tools' panels, its
 * station card and its warning toasts bring antd when they open.
 */
export async function inAntdScope<P extends object>(
  loading: Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  const [m, scope] = await Promise.all([loading, import('./antd-scope')]);
  return { default: scope.withAntd(m.default) };
}
