import { Link } from 'react-router';

import { useCreateGate, type ViewerSummary } from '../viewer.js';

/** Where the signed-out hero's Start Here leads: the get-started guide. */
const START_HERE_PATH = '/getstarted';

/** Where a signed-in member's hero leads to browse: every topic's templates. */
const BROWSE_PATH = '/topics';

/**
 * The AI template generator hero, for everyone; signed-out visitors also get Join Free and Start Here,
 * members New Post and Browse All in their place. The page is drawn before the session is known, with
 * the visitor's pair: the member's takes the same width (discovery.css), so it keeps the rows the page
 * was drawn with (without it, one fewer row moved everything under the hero up by 52 px at 375 px once
 * the session came).
 */
export function GeneratorHero({ viewer }: { viewer: ViewerSummary | null }) {
  const create = useCreateGate();
  return (
    <section className="hero generator-hero">
      <div className="container">
        <p className="generator-hero__eyebrow">AI template generator</p>
        <h1 className="hero__title">Describe it, and get a ready-to-use template</h1>
        <p className="hero__lead">
          Tell the generator what you need — a budget tracker, a hiring pipeline, a content calendar — and start from a draft built for your
          app. Or browse templates made by the community, free or paid.
        </p>
        <div className="generator-hero__actions">
          <Link to="/generate" className="button button--primary">
            Generate a template
          </Link>
          {viewer === null ? (
            <>
              <Link to="/signup" className="button button--secondary">
                Join Free
              </Link>
              <Link to={START_HERE_PATH} className="button button--ghost">
                Start Here
              </Link>
            </>
          ) : (
            <>
              <button type="button" className="button button--secondary" onClick={() => create('/create')}>
                New Post
              </button>
              <Link to={BROWSE_PATH} className="button button--ghost">
                Browse All
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** Create Something: create for signed-in users, join for everyone else. */
export function CreateSomethingBox({ viewer }: { viewer: ViewerSummary | null }) {
  const create = useCreateGate();
  return (
    <section className="side-card create-box" aria-labelledby="create-something-heading">
      <h2 id="create-something-heading">Create Something</h2>
      <p className="muted">Share a template, a workflow or a tool with the community.</p>
      {viewer === null ? (
        <Link to="/signup" className="button button--primary">
          Join Free
        </Link>
      ) : (
        <button type="button" className="button button--primary" onClick={() => create('/create')}>
          Create A Resource
        </button>
      )}
    </section>
  );
}
