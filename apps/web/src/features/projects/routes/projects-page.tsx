import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { PAGE_SIZE, usePlanStatus, useProjectList, type ProjectListParams } from '../api/projects-api';
import { CreateProjectButton } from '../components/create-project-button';
import { ProjectsPager } from '../components/projects-pager';
import { ProjectsTable, type SortBy } from '../components/projects-table';
import { nextSort } from '../utils/project-format';

const SEARCH_DEBOUNCE_MS = 300;

/** Reads list state from the address bar so reload and Back keep the page, sort and search. */
function useListParams(): [ProjectListParams, (patch: Partial<ProjectListParams>) => void] {
  const [sp, setSp] = useSearchParams();
  const params: ProjectListParams = {
    page: Math.max(1, Number(sp.get('page')) || 1),
    sort_by: sp.get('sort_by') === 'filename' ? 'filename' : 'created_at',
    sort_order: sp.get('sort_order') === 'asc' ? 'asc' : 'desc',
    search: sp.get('search') ?? '',
  };
  const update = (patch: Partial<ProjectListParams>) => {
    const next = { ...params, ...patch };
    const out = new URLSearchParams();
    if (next.page > 1) out.set('page', String(next.page));
    if (next.sort_by !== 'created_at' || next.sort_order !== 'desc') {
      out.set('sort_by', next.sort_by);
      out.set('sort_order', next.sort_order);
    }
    if (next.search) out.set('search', next.search);
    setSp(out, { replace: true });
  };
  return [params, update];
}

export default function ProjectsPage() {
  const [params, update] = useListParams();
  const [searchInput, setSearchInput] = useState(params.search);
  const [debounced] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== params.search) update({ search: debounced, page: 1 });
    // Only a new debounced term should touch the address bar.
  }, [debounced]);

  const list = useProjectList(params);
  const plan = usePlanStatus();
  const session = useSession();
  const data = list.data;
  const remaining = data && !Number.isNaN(data.remaining_plan) ? data.remaining_plan : (plan.data?.remaining ?? session?.user.remain_plan);
  // The list screen enables creation only when can_create_project is true (spec section 4).
  const canCreate = plan.data?.can_create_project ?? (remaining !== undefined ? remaining > 0 : Boolean(session?.user.can_create_project));
  const sort = { by: params.sort_by, order: params.sort_order } as const;
  const onSort = (c: SortBy) => {
    const s = nextSort(sort, c);
    update({ sort_by: s.by, sort_order: s.order, page: 1 });
  };
  const projects = list.isError ? [] : (data?.projects ?? []);
  const totalPages = data?.total_pages ?? 0;
  // While the next page loads the previous rows stay (keepPreviousData): number and describe the rows shown.
  const shownPage = data?.page ?? params.page;
  const emptyText = params.search ? 'No projects found matching your search.' : 'No projects yet. Create your first project!';

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>Projects</Title>
            <Text c="dimmed" size="sm">Your floor plans and their measurements.</Text>
          </div>
          <CreateProjectButton remaining={remaining} canCreate={canCreate} />
        </Group>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} shadow="xs">
          <TextInput
            placeholder="Search projects"
            aria-label="Search projects"
            leftSection={<IconSearch size={16} />}
            rightSection={list.isFetching && !list.isLoading ? <Loader size={14} /> : null}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
            mb="md"
            maw={420}
          />
          {list.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md" title="Failed to load projects. Please try again.">
              <Button size="xs" color="red" variant="light" onClick={() => void list.refetch()}>Try Again</Button>
            </Alert>
          )}
          {!list.isError && (
            <ProjectsTable
              projects={projects}
              offset={(shownPage - 1) * PAGE_SIZE}
              sort={sort}
              onSort={onSort}
              loading={list.isLoading}
              emptyText={emptyText}
            />
          )}
          {data && !list.isError && data.total_count > 0 && (
            <ProjectsPager page={shownPage} totalPages={totalPages} totalCount={data.total_count} onPage={(p) => update({ page: p })} />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
