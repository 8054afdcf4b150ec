import { Anchor, Box, Center, Group, Loader, Paper, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Project } from '@plansight/contracts';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ProjectActions } from './project-actions';
import { ProjectStatus } from './project-status';
import { formatLongUsDate, projectCreatedAt, projectDisplayName, projectIdOf } from '../utils/project-format';

export type SortBy = 'filename' | 'created_at';
export interface Sort { by: SortBy; order: 'asc' | 'desc' }

function SortHeader({ label, column, sort, onSort, width }: { label: string; column: SortBy; sort: Sort; onSort: (c: SortBy) => void; width: string }) {
  const active = sort.by === column;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th w={width} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm" c={active ? 'dark' : 'dimmed'}>{label}</Text>
          <Icon size={14} stroke={1.8} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface Props {
  projects: Project[];
  offset: number;
  sort: Sort;
  onSort: (c: SortBy) => void;
  loading: boolean;
  emptyText: string;
}

/**
 * Name (50%), Created at (30%) and the status column (20%, with the project's ⋯ menu) from tablet width up;
 * on a phone the same projects as cards, so no column is clipped or pushed off the screen.
 */
export function ProjectsTable(props: Props) {
  return (
    <>
      <Box visibleFrom="sm"><ProjectsGrid {...props} /></Box>
      <Box hiddenFrom="sm"><ProjectCards {...props} /></Box>
    </>
  );
}

function useOpen() {
  const navigate = useNavigate();
  return {
    open: (p: Project) => navigate(`/projects/${projectIdOf(p)}/results`, { state: { project: p } }),
    setScale: (p: Project) => navigate(`/projects/${projectIdOf(p)}/ceiling-scale`),
  };
}

function ProjectCards({ projects, offset, loading, emptyText }: Props) {
  const { open, setScale } = useOpen();
  if (loading) return <Center py="xl"><Group gap="sm"><Loader size="sm" /><Text c="dimmed">Loading projects...</Text></Group></Center>;
  if (projects.length === 0) return <Text ta="center" c="dimmed" py="xl" data-testid="projects-empty-cards">{emptyText}</Text>;
  return (
    <Stack gap="sm" data-testid="project-cards">
      {projects.map((p, i) => {
        const name = projectDisplayName(p, offset + i + 1);
        return (
          <Paper key={projectIdOf(p) || i} withBorder radius="md" p="sm" data-testid="project-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Box miw={0}>
                <Anchor component={Link} to={`/projects/${projectIdOf(p)}/walls`} state={{ project: p }} fw={600} lineClamp={2}>{name}</Anchor>
                <Text size="xs" c="dimmed">{formatLongUsDate(projectCreatedAt(p))}</Text>
              </Box>
              <ProjectActions project={p} name={name} />
            </Group>
            <Group justify="flex-end" mt="xs">
              <ProjectStatus project={p} onOpen={() => open(p)} onSetScale={() => setScale(p)} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

function ProjectsGrid({ projects, offset, sort, onSort, loading, emptyText }: Props) {
  const { open, setScale } = useOpen();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed" data-testid="projects-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" column="filename" sort={sort} onSort={onSort} width="50%" />
            <SortHeader label="Created at" column="created_at" sort={sort} onSort={onSort} width="30%" />
            <Table.Th w="20%" aria-label="Status" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Center py="xl"><Group gap="sm"><Loader size="sm" /><Text c="dimmed">Loading projects...</Text></Group></Center>
              </Table.Td>
            </Table.Tr>
          )}
          {!loading && projects.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}><Text ta="center" c="dimmed" py="xl" data-testid="projects-empty">{emptyText}</Text></Table.Td>
            </Table.Tr>
          )}
          {!loading && projects.map((p, i) => (
            <Table.Tr key={projectIdOf(p) || i} data-testid="project-row">
              <Table.Td>
                <Tooltip label="Click to view walls analysis" withArrow openDelay={200}>
                  <Anchor component={Link} to={`/projects/${projectIdOf(p)}/walls`} state={{ project: p }} fw={600} truncate="end" display="block">
                    {projectDisplayName(p, offset + i + 1)}
                  </Anchor>
                </Tooltip>
              </Table.Td>
              <Table.Td><Text size="sm" c="dimmed">{formatLongUsDate(projectCreatedAt(p))}</Text></Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ProjectStatus project={p} onOpen={() => open(p)} onSetScale={() => setScale(p)} />
                  <ProjectActions project={p} name={projectDisplayName(p, offset + i + 1)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
