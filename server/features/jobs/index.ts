// Public surface of this server feature (docs/decisions/010): scheduled jobs and the notification outbox.
export { enqueueNotification, type NotificationInput } from './notifications.ts';
