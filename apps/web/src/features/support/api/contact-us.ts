import type { ContactInfo, ContactRequest } from '@plansight/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/contact-us; only success or failure is used (spec section 7). */
export const sendContactMessage = (body: ContactRequest) => apiRequest('/auth/contact-us', { method: 'POST', json: body, auth: false });

/** GET /support/contact-info: the support address the server sends messages to. */
export const getContactInfo = () => apiRequest<ContactInfo>('/support/contact-info', { auth: false });
