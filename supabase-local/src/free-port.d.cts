/** A port free right now on `host` (default 127.0.0.1). */
export function freePort(host?: string): Promise<number>;
/** `count` distinct free ports. */
export function freePorts(count: number, host?: string): Promise<number[]>;
