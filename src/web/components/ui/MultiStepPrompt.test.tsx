import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MultiStepPrompt, type PromptStep } from './MultiStepPrompt.js';

function render(steps: PromptStep[]): string {
  return renderToStaticMarkup(<MultiStepPrompt open steps={steps} onClose={() => undefined} onFinish={() => undefined} />);
}

describe('MultiStepPrompt', () => {
  it('opens on the first step with Next, no Back, and one dot per step', () => {
    const html = render([
      { title: 'Pick your apps', content: <p>apps</p> },
      { title: 'Do you create templates?', content: <p>creator</p> },
    ]);

    expect(html).toContain('Pick your apps');
    expect(html).not.toContain('creator</p>');
    expect(html).toContain('>Next</button>');
    expect(html).not.toContain('>Back</button>');
    expect(html).toContain('aria-label="Step 1 of 2"');
    expect(html.match(/multi-step-prompt__dot"/gu)).toHaveLength(2);
  });

  it('disables Next and shows the hint while the selection requirement is unmet', () => {
    const html = render([
      { title: 'Pick your apps', content: <p>apps</p>, selection: { satisfied: false, hint: 'Pick exactly 5 apps.' } },
      { title: 'Done', content: <p>done</p> },
    ]);

    expect(html).toMatch(/<button type="button" class="button button--primary" disabled="">Next<\/button>/u);
    expect(html).toContain('Pick exactly 5 apps.');
  });

  it('enables Finish on a single satisfied step', () => {
    const html = render([{ title: 'Only step', content: <p>x</p>, selection: { satisfied: true, hint: 'unused hint' } }]);

    expect(html).toMatch(/<button type="button" class="button button--primary">Finish<\/button>/u);
    expect(html).not.toContain('unused hint');
  });
});
