import type { PageScale, ScaleOption } from '@plansight/contracts';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { choiceOf, scaleText } from './scale-math';
import { scaleSuggestions } from './suggestions';

/** The scales the plan's page offers (printed, dimension strings, scale bar), each with its check and a button. */
export function ScaleSuggestionList({ pageScale, onUse, busy }: { pageScale: PageScale | undefined; onUse: (o: ScaleOption) => void; busy?: boolean }) {
  if (pageScale?.status === 'reading') {
    return <Group gap="xs" data-testid="scale-suggestion-reading"><Loader size="xs" /><Text size="xs" c="dimmed">Reading the plan for a printed scale and dimensions…</Text></Group>;
  }
  const list = scaleSuggestions(pageScale);
  if (!list.length) return null;
  return (
    <Stack gap={6}>
      {list.map((s) => (
        <Alert key={`${s.source}-${s.scaleNumber}-${s.paper}`} color={s.checked === false ? 'yellow' : 'blue'} variant="light" p="xs" icon={<IconRuler2 size={18} />} data-testid="scale-suggestion" data-source={s.source}>
          {/* text above the button: beside it, the button's label was cut off in the narrow scale card */}
          <Stack gap={6} align="flex-start">
            <div>
              <Text size="sm" fw={600}>{s.title}</Text>
              {s.check && <Text size="xs" data-testid="scale-suggestion-check">Check: {s.check}{s.checked === false ? ' — the dimensions do not fit this scale' : ''}</Text>}
              {!s.check && <Text size="xs" c="dimmed">No dimension strings found to check it against.</Text>}
            </div>
            <Button size="xs" variant="white" loading={busy} onClick={() => onUse(choiceOf(s.scaleNumber, s.paper))}>Use {scaleText(s.scaleNumber, s.paper)}</Button>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
