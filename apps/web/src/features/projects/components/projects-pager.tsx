import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pagerWindow } from '../utils/project-format';

interface Props { page: number; totalPages: number; totalCount: number; onPage: (p: number) => void }

/** Previous, at most five page numbers, Next; and the footer text (spec sections 2 and 9). */
export function ProjectsPager({ page, totalPages, totalCount, onPage }: Props) {
  const showPager = totalPages > 1 || totalCount > 10;
  const go = (p: number) => { if (p >= 1 && p <= totalPages && p !== page) onPage(p); };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" data-testid="projects-footer">
        {totalPages > 1 ? `Page ${page} of ${totalPages} (${totalCount} total projects)` : `Showing all ${totalCount} projects`}
      </Text>
      {showPager && (
        <Group gap={6} wrap="nowrap" aria-label="Pagination" role="navigation">
          <Button size="xs" variant="default" leftSection={<IconChevronLeft size={14} />} disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </Button>
          {pagerWindow(page, totalPages).map((n) => (
            <Button key={n} size="xs" miw={32} px={8} variant={n === page ? 'filled' : 'default'} aria-current={n === page ? 'page' : undefined} onClick={() => go(n)}>
              {n}
            </Button>
          ))}
          <Button size="xs" variant="default" rightSection={<IconChevronRight size={14} />} disabled={page >= totalPages} onClick={() => go(page + 1)}>
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
