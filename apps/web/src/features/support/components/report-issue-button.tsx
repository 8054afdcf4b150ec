import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { ReportIssueDialog } from './report-issue-dialog';

/** 'Report Issue' for the shared header and pages: opens the report dialog it owns. */
export function ReportIssueButton(props: Omit<ButtonProps, 'children'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" color="gray" leftSection={<IconBug size={16} />} {...props} onClick={() => setOpened(true)}>
        Report Issue
      </Button>
      <ReportIssueDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
