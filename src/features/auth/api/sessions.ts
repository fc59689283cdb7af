// The signed-in person's sessions (ADR 042), typed from the server's routes (ADR 015).
import { abortable, call, client } from '../../../lib/api-client.ts';

const account = client.account;

export const getSessions = (signal?: AbortSignal) => call(account.sessions.$get({}, abortable(signal)));
export const endSession = (id: string) => call(account.sessions[':id'].$delete({ param: { id } }));
export const endOtherSessions = () => call(account.sessions.$delete());
