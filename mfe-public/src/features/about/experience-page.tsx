import { Link, paths } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import styles from './content.module.css';
import { PageHead } from '../../ui/page-head';

const STEPS = [
  { title: 'Seed and nursery', text: 'Red Bourbon seedlings grow for months in shaded nurseries before they are ready for the hills.' },
  { title: 'Planting on the hills', text: 'Smallholder farmers plant them on volcanic soil at 1,700–2,200 m, where cool nights slow the ripening and build sweetness.' },
  { title: 'Harvest', text: 'Only ripe red cherries are picked, by hand, from March to July.' },
  { title: 'Washing station', text: 'Within hours the cherries are pulped, fermented and washed at one of the country’s hundreds of washing stations.' },
  { title: 'Drying and milling', text: 'The parchment dries slowly on raised beds, then is hulled, graded and bagged as green coffee.' },
  { title: 'Roasting and brewing', text: 'Roasters bring out its fruit and floral notes, and a trained barista turns it into the cup you drink.' },
];

const SKILLS = [
  { title: 'Espresso extraction', text: 'Dose, grind and timing for a balanced shot, every time.' },
  { title: 'Milk and latte art', text: 'Silky microfoam and the pours that make a drink memorable.' },
  { title: 'Manual brewing', text: 'Pour-over, Chemex and AeroPress recipes that show off a single origin.' },
  { title: 'Customer service', text: 'Welcoming guests, explaining the coffee and keeping calm in the rush.' },
];

export function ExperiencePage() {
  return (
    <main className={styles.page}>
      <PageHead title="The Rwanda coffee experience" description="From seed to cup: six steps of Rwandan coffee, and the barista skills we teach." path={paths.experience} />
      <h1>The Rwanda Coffee Experience</h1>
      <p>From a seed on a misty hillside to the cup in your hand: six steps, and a barista at the end of them.</p>
      <h2>From seed to cup</h2>
      <ol className={styles.steps}>
        {STEPS.map((s) => (
          <li key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      <h2>Four skills every barista needs</h2>
      <ul className={styles.grid}>
        {SKILLS.map((s) => (
          <li key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link className={buttonClass()} to={paths.courses}>
          Explore our courses
        </Link>
      </p>
    </main>
  );
}
