import { Badge, Button, Tooltip } from '@mantine/core';
import { IconLogout, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
// Another feature's public entry: the report-issue dialog is owned by the support feature.
import { ReportIssueButton } from '../../features/support';
import { useLogout } from './use-logout';

export interface HeaderActionsProps {
  /** Stacked full-width buttons for the phone drawer. */
  stacked?: boolean;
  /** Called after any action (closes the phone drawer). */
  onAction?: () => void;
  onPricing: () => void;
}

const plansLabel = (n: number) => `${n} ${n === 1 ? 'plan' : 'plans'} remaining`;

/** The header's actions for the signed-in and the signed-out state (spec section 2, shared header). */
export function HeaderActions({ stacked, onAction, onPricing }: HeaderActionsProps) {
  const session = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const full = stacked ? ({ fullWidth: true, justify: 'flex-start' } as const) : {};
  const size = stacked ? 'md' : 'sm';

  if (!session) {
    return (
      <>
        <Button variant="subtle" color="gray" size={size} {...full} onClick={() => { onAction?.(); onPricing(); }}>
          Pricing
        </Button>
        <Button component={Link} to="/auth/login" variant="default" size={size} {...full} onClick={onAction}>
          Log in
        </Button>
        <Button component={Link} to="/auth/signup" size={size} {...full} onClick={onAction}>
          Sign up
        </Button>
      </>
    );
  }

  const remaining = session.user.remain_plan;
  return (
    <>
      {typeof remaining === 'number' && (
        <Tooltip label="Each project uses one plan" withArrow>
          <Badge
            data-testid="plans-remaining"
            size="lg"
            radius="sm"
            variant="light"
            // Sentence case like the rest of the header, not Badge's default capitals.
            tt="none"
            color={remaining > 0 ? 'teal' : 'red'}
            style={stacked ? { alignSelf: 'flex-start' } : undefined}
          >
            {plansLabel(remaining)}
          </Badge>
        </Tooltip>
      )}
      {session.user.can_create_project && pathname !== '/projects/create' && (
        <Button component={Link} to="/projects/create" leftSection={<IconPlus size={16} />} size={size} {...full} onClick={onAction}>
          Create Project
        </Button>
      )}
      {pathname !== '/upgrade-plans' && (
        <Button component={Link} to="/upgrade-plans" variant="light" color="grape" size={size} {...full} onClick={onAction}>
          Upgrade Plan
        </Button>
      )}
      {pathname !== '/contact' && (
        <Button component={Link} to="/contact" variant="subtle" color="gray" size={size} {...full} onClick={onAction}>
          Contact Us
        </Button>
      )}
      {/* Report Issue slot: ReportIssueButton comes from the support feature (its own button and dialog). */}
      <ReportIssueButton size={size} {...full} />
      <Button
        variant="default"
        leftSection={<IconLogout size={16} />}
        size={size}
        {...full}
        onClick={() => {
          onAction?.();
          logout();
        }}
      >
        Logout
      </Button>
    </>
  );
}
