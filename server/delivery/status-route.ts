import { Hono } from 'hono';
import { NOTIFICATIONS_STATUS_PATH, type NotificationsStatus } from '../../src/api/contract';
import type { AuthEnv } from '../auth/middleware';
import type { ResponseKit } from '../http';
import type { EmailConfig } from './email/mailer';

/** GET /api/notifications/status: what this server can send (read by Settings). */
export function notificationRoutes(options: { kit: ResponseKit; email: EmailConfig | null }) {
  const routes = new Hono<AuthEnv>();
  routes.get(NOTIFICATIONS_STATUS_PATH.replace(/^\/api/, ''), () => {
    const status: NotificationsStatus = { email: { configured: options.email !== null } };
    return options.kit.json(200, status);
  });
  return routes;
}
