import { Alert, MantineProvider, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchIcon } from '../components/icons';
import { PlainAlert, type PlainAlertProps } from '../components/PlainAlert';
import { SearchField } from '../features/admin/students/SearchField';
import { theme } from './theme';

/*
 * Components drawn in Mantine's own markup without its script (issue 17): each must render exactly
 * what the Mantine component it stands for renders with the app's theme. Here, beside the theme,
 * because components and features may not import the app.
 */

/** The markup inside the provider (its style tags left out), with React's ids made one name. */
function markup(node: ReactNode): string {
  const html = renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);
  return html.slice(html.lastIndexOf('</style>') + '</style>'.length).replace(/mantine-_R_\w+?_/g, 'ID');
}

const ALERTS: PlainAlertProps[] = [
  { color: 'red', role: 'alert', title: 'Could not load the students', children: <Text size="sm">The server did not answer.</Text> },
  { color: 'orange', role: 'note', title: 'No band estimate', children: 'Only 47 words were recognised.', 'data-testid': 'not-assessable' },
  { color: 'yellow', role: 'note', title: '2 answers were not counted', children: <Text size="sm">Left out.</Text>, 'data-testid': 'non-answers' },
  { color: 'gray', role: 'note', children: <Text size="sm">The recording was not analysed.</Text>, 'data-testid': 'analysis-unavailable' },
  { color: 'indigo', role: 'status', children: <Text size="sm">The recording is being analysed.</Text> },
];

describe('PlainAlert (components/PlainAlert.tsx)', () => {
  it.each(ALERTS)("renders what Mantine's Alert renders ($color, $role)", (props) => {
    const { children, ...rest } = props;
    const mantine = markup(
      <Alert variant="light" {...rest}>
        {children}
      </Alert>,
    );
    expect(mantine).toContain('mantine-Alert-root');
    expect(markup(<PlainAlert {...props} />)).toBe(mantine);
  });
});

describe("SearchField (the students list's search box)", () => {
  it.each(['', 'Asha'])("renders what Mantine's TextInput renders (value %j)", (value) => {
    const props = { label: 'Search students', placeholder: 'Name or mobile number', leftSection: <SearchIcon />, value, onChange: () => undefined, maxLength: 100, style: { flex: 1 } };
    const mantine = markup(<TextInput {...props} type="search" />);
    expect(mantine).toContain('mantine-TextInput-input');
    expect(markup(<SearchField {...props} />)).toBe(mantine);
  });
});
