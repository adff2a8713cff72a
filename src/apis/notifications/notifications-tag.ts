/** The OpenAPI tag of every route of the Notification API. */
export const NOTIFICATIONS_TAG = 'Notifications';
