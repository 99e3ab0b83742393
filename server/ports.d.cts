// Types of ports.cjs (plain JavaScript: scripts/test.mjs, scripts/start.mjs and the webpack configs
// require it before the server is built).
export type AppName = 'shell' | 'marketing' | 'workspace' | 'reviewer';
export type RemoteName = Exclude<AppName, 'shell'>;
export type ServiceName = AppName | 'backend';

/** Default ports of the platform (README "Ports and variables"). */
export declare const DEFAULT_PORTS: Readonly<Record<ServiceName, number>>;
export declare const APPS: readonly AppName[];
export declare const REMOTES: readonly RemoteName[];
/** Port of an app from its variable (SHELL_PORT, MARKETING_PORT, …) or the default; throws on a bad value. */
export declare function portOf(app: ServiceName, env?: NodeJS.ProcessEnv): number;
