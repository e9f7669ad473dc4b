export interface SandboxProcess {
	url: string;
	admin(method: string, path: string, body?: unknown): Promise<any>;
	stop(): Promise<void>;
}
export function startSandboxProcess(env?: Record<string, string | number>): Promise<SandboxProcess>;
export const SANDBOX_KEY: string;
export const SANDBOX_EMAIL: string;
export const SANDBOX_PASSWORD: string;
