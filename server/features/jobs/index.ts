// Public surface of this server feature (docs/decisions/010): scheduled jobs, reminders and the notification outbox.
export { dispatchNotifications, MAX_ATTEMPTS } from './dispatcher.ts';
export { JOBS, queueDepths, runDueJobs, startScheduler, type JobDef, type JobContext, type JobRun, type Scheduler } from './scheduler.ts';
