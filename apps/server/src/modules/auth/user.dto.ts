import type { User } from '@plansight/contracts';
import type { UserRow } from './user.repository.js';

/** The wire user (spec section 3 plus company name, phone and verification). */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    company_name: u.companyName,
    phone: u.phone,
    remain_plan: u.remainPlan,
    used_plan: u.usedPlan,
    total_plan: u.totalPlan,
    can_create_project: u.remainPlan > 0,
    created_at: u.createdAt.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
    email_verified: u.emailVerifiedAt !== null,
  };
}
