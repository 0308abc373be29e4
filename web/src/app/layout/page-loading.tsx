import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
    </div>
  );
}
