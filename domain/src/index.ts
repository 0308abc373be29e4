import './common/zod-messages';

export * from './audit/audit.schemas';
export * from './auth/auth.schemas';
export * from './auth/permissions';
export * from './common/errors';
export * from './common/health';
export * from './common/pagination';
export * from './common/text';
export * from './stations/classify';
export * from './stations/colours';
export * from './stations/units';
export * from './stations/web-parameters';
export * from './users/users.schemas';
export * from './views/routes';
export * from './views/views';
