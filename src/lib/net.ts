/** 127.0.0.0/8, ::1 and localhost: only processes on this machine can connect. */
export const isLoopbackHost = (host: string) => host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
