// Every portal path in one place, shared with the server (api/src/web.ts serves index.html for these).
export { portalPaths as paths } from '@tm/shared/portal-paths';
