import { Alert, List, MantineProvider, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchIcon } from '../components/icons';
import { BulletList } from '../components/BulletList';
import { Columns, type ColumnCounts } from '../components/Columns';
import { CloseNoticeButton } from '../components/CloseNoticeButton';
import { PlainAlert, type PlainAlertProps } from '../components/PlainAlert';
import { SearchField } from '../features/admin/students/SearchField';
import { theme } from './theme';

/*
 * Components the app draws itself in the look of a Mantine one (their own markup and CSS module,
 * without the Mantine component's script on a first visit): each must tell a screen reader what the
 * Mantine component it stands for tells it, with the app's theme: the same role, name, description
 * and field attributes. Here, beside the theme, because components and features may not import the app.
 */

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);

/** Each element's start tag, its attributes, and the text inside it (tags left out), in document order. */
function elements(markup: string): Array<{ tag: string; attributes: Map<string, string>; text: string }> {
  const body = markup.slice(markup.lastIndexOf('</style>') + '</style>'.length);
  const found: Array<{ tag: string; attributes: Map<string, string>; text: string }> = [];
  const open: number[] = [];
  for (const [token, closing, tag = '', rest = '', text] of body.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      for (const index of open) found[index]!.text += text;
    } else if (closing) open.pop();
    else {
      const attributes = new Map([...rest.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name, value]));
      found.push({ tag, attributes, text: '' });
      const voidElement = ['input', 'img', 'br', 'path', 'hr'].includes(tag) || token.endsWith('/>');
      if (!voidElement) open.push(found.length - 1);
    }
  }
  return found;
}

/** What assistive technology reads from the outermost element with a role: its role, name, description and test id. */
function announced(markup: string) {
  const all = elements(markup);
  const root = all.find((element) => element.attributes.has('role'));
  const textOf = (ids: string | undefined) => (ids ? ids.split(' ').map((id) => all.find((element) => element.attributes.get('id') === id)?.text ?? `missing #${id}`) : []);
  return {
    role: root?.attributes.get('role'),
    name: textOf(root?.attributes.get('aria-labelledby')),
    description: textOf(root?.attributes.get('aria-describedby')),
    testId: root?.attributes.get('data-testid'),
  };
}

const ALERTS: PlainAlertProps[] = [
  { color: 'red', role: 'alert', title: 'Could not load the students', children: <Text size="sm">The server did not answer.</Text> },
  { color: 'orange', role: 'note', title: 'No band estimate', children: 'Only 47 words were recognised.', 'data-testid': 'not-assessable' },
  { color: 'yellow', role: 'note', title: '2 answers were not counted', children: <Text size="sm">Left out.</Text>, 'data-testid': 'non-answers' },
  { color: 'gray', role: 'note', children: <Text size="sm">The recording was not analysed.</Text>, 'data-testid': 'analysis-unavailable' },
  { color: 'blue', role: 'note', title: 'Recording only in this browser', children: 'Your answers are recorded.', 'data-testid': 'no-transcript-note' },
  { color: 'indigo', role: 'status', children: <Text size="sm">The recording is being analysed.</Text> },
];

describe('PlainAlert (components/PlainAlert.tsx)', () => {
  it.each(ALERTS)("is announced as Mantine's Alert is ($color, $role)", (props) => {
    const { children, ...rest } = props;
    const mantine = announced(
      html(
        <Alert variant="light" {...rest}>
          {children}
        </Alert>,
      ),
    );
    expect(mantine.role).toBe(props.role);
    expect(mantine.name).toEqual(props.title ? [props.title] : []);
    expect(mantine.description).toHaveLength(1);
    expect(announced(html(<PlainAlert {...props} />))).toEqual(mantine);
  });

  it("with CloseNoticeButton in its corner, is announced as Mantine's Alert with its close button", () => {
    const noop = () => {};
    const mantine = html(
      <Alert variant="light" color="orange" title="Your last test did not finish" withCloseButton closeButtonLabel="Close this notice" onClose={noop}>
        The answers were not saved.
      </Alert>,
    );
    const own = html(
      <PlainAlert color="orange" role="alert" title="Your last test did not finish" corner={<CloseNoticeButton label="Close this notice" onClick={noop} />}>
        The answers were not saved.
      </PlainAlert>,
    );
    expect(announced(own)).toEqual(announced(mantine));
    const button = (markup: string) => elements(markup).find((element) => element.tag === 'button');
    expect(button(own)?.attributes.get('aria-label')).toBe('Close this notice');
    expect(button(own)?.attributes.get('aria-label')).toBe(button(mantine)?.attributes.get('aria-label'));
    expect(button(own)?.attributes.get('type')).toBe('button');
    // The button is not part of the alert's description: a screen reader reads the text, then the button.
    expect(announced(own).description).toEqual(['The answers were not saved.']);
  });
});

describe("SearchField (the students list's search box)", () => {
  /** The field as a form reads it: the input's attributes that matter, and the text of the label that names it. */
  function field(markup: string) {
    const all = elements(markup);
    const input = all.find((element) => element.tag === 'input');
    const { id = '', ...attributes } = Object.fromEntries(['id', 'type', 'placeholder', 'maxLength', 'value'].map((name) => [name, input?.attributes.get(name)]));
    const labels = all.filter((element) => element.tag === 'label' && element.attributes.get('for') === id).map((label) => label.text);
    return { attributes, labels, idGiven: id !== '' };
  }

  it.each(['', 'Asha'])("is the field Mantine's TextInput is (value %j)", (value) => {
    const props = { label: 'Search students', placeholder: 'Name or mobile number', leftSection: <SearchIcon />, value, onChange: () => undefined, maxLength: 100, style: { flex: 1 } };
    const mantine = field(html(<TextInput {...props} type="search" />));
    expect(mantine.labels).toEqual(['Search students']);
    expect(mantine.attributes).toMatchObject({ type: 'search', placeholder: 'Name or mobile number', maxLength: '100' });
    expect(field(html(<SearchField {...props} result="" />))).toEqual(mantine);
  });
});

describe('Columns (components/Columns.tsx) and BulletList (components/BulletList.tsx)', () => {
  const BREAKPOINTS = { sm: '48em', md: '62em', lg: '75em' } as const;

  /** SimpleGrid's column count at each breakpoint, from the media queries of the style sheet it writes. */
  function simpleGridColumns(markup: string) {
    const base = /\{[^}]*--sg-cols:(\d+);/.exec(markup)?.[1];
    const counts: Record<string, string | undefined> = { base };
    let current = base;
    for (const [name, width] of Object.entries(BREAKPOINTS)) {
      current = new RegExp(`@media\\(min-width: ${width}\\)\\{[^{]*\\{--sg-cols:(\\d+);`).exec(markup)?.[1] ?? current;
      counts[name] = current;
    }
    return counts;
  }

  /** Columns' column count at each breakpoint, from the custom properties its CSS module reads. */
  function ownColumns(markup: string) {
    const style = elements(markup)[0]?.attributes.get('style') ?? '';
    const read = (name: string) => new RegExp(`${name}:(\\d+)`).exec(style)?.[1];
    return { base: read('--columns'), sm: read('--columns-sm'), md: read('--columns-md'), lg: read('--columns-lg') };
  }

  it.each<ColumnCounts>([2, { base: 1, sm: 2 }, { base: 1, md: 2 }, { base: 2, sm: 3 }, { base: 2, sm: 3, lg: 5 }])('Columns has as many columns as SimpleGrid at every breakpoint (%j)', (cols) => {
    const mantine = simpleGridColumns(html(<SimpleGrid cols={cols}>{'a'}</SimpleGrid>));
    expect(mantine.base).toBeDefined();
    expect(ownColumns(html(<Columns cols={cols}>{'a'}</Columns>))).toEqual(mantine);
  });

  it('Columns as a description list keeps its entries as they are', () => {
    const own = elements(html(<Columns component="dl" cols={2} data-testid="facts"><div><dt>Course</dt><dd>IELTS</dd></div></Columns>));
    expect(own.map((element) => element.tag)).toEqual(['dl', 'div', 'dt', 'dd']);
    expect(own[0]?.attributes.get('data-testid')).toBe('facts');
  });

  it("BulletList is the list Mantine's List is: a ul of li with the same text", () => {
    const items = (markup: string) => elements(markup).filter((element) => element.tag === 'ul' || element.tag === 'li').map(({ tag, text }) => [tag, text]);
    const mantine = items(html(<List size="sm" spacing={2}><List.Item>Pauses: <strong>-0.5</strong></List.Item><List.Item>Repairs</List.Item></List>));
    expect(mantine).toHaveLength(3);
    expect(items(html(<BulletList><li>Pauses: <strong>-0.5</strong></li><li>Repairs</li></BulletList>))).toEqual(mantine);
  });
});
