import { Link, paths, useI18n } from '@btls/shared-auth';
import { buttonClass } from '@btls/shared-ui/components';
import styles from './content.module.css';
import { PageHead } from '../../ui/page-head';

const STEPS = [
  {
    title: /*i18n*/ { id: 'public.experience.steps.seed.title', message: 'Seed and nursery' },
    text: /*i18n*/ {
      id: 'public.experience.steps.seed.text',
      message: 'Red Bourbon seedlings grow for months in shaded nurseries before they are ready for the hills.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.steps.planting.title', message: 'Planting on the hills' },
    text: /*i18n*/ {
      id: 'public.experience.steps.planting.text',
      message:
        'Smallholder farmers plant them on volcanic soil at 1,700–2,200 m, where cool nights slow the ripening and build sweetness.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.steps.harvest.title', message: 'Harvest' },
    text: /*i18n*/ {
      id: 'public.experience.steps.harvest.text',
      message: 'Only ripe red cherries are picked, by hand, from March to July.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.steps.washing.title', message: 'Washing station' },
    text: /*i18n*/ {
      id: 'public.experience.steps.washing.text',
      message:
        'Within hours the cherries are pulped, fermented and washed at one of the country’s hundreds of washing stations.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.steps.drying.title', message: 'Drying and milling' },
    text: /*i18n*/ {
      id: 'public.experience.steps.drying.text',
      message: 'The parchment dries slowly on raised beds, then is hulled, graded and bagged as green coffee.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.steps.roasting.title', message: 'Roasting and brewing' },
    text: /*i18n*/ {
      id: 'public.experience.steps.roasting.text',
      message: 'Roasters bring out its fruit and floral notes, and a trained barista turns it into the cup you drink.',
    },
  },
];

const SKILLS = [
  {
    title: /*i18n*/ { id: 'public.experience.skills.espresso.title', message: 'Espresso extraction' },
    text: /*i18n*/ {
      id: 'public.experience.skills.espresso.text',
      message: 'Dose, grind and timing for a balanced shot, every time.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.skills.milk.title', message: 'Milk and latte art' },
    text: /*i18n*/ {
      id: 'public.experience.skills.milk.text',
      message: 'Silky microfoam and the pours that make a drink memorable.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.skills.manual.title', message: 'Manual brewing' },
    text: /*i18n*/ {
      id: 'public.experience.skills.manual.text',
      message: 'Pour-over, Chemex and AeroPress recipes that show off a single origin.',
    },
  },
  {
    title: /*i18n*/ { id: 'public.experience.skills.service.title', message: 'Customer service' },
    text: /*i18n*/ {
      id: 'public.experience.skills.service.text',
      message: 'Welcoming guests, explaining the coffee and keeping calm in the rush.',
    },
  },
];

export function ExperiencePage() {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <PageHead
        title={i18n._({ id: 'public.experience.pageTitle', message: 'The Rwanda coffee experience' })}
        description={i18n._({
          id: 'public.experience.description',
          message: 'From seed to cup: six steps of Rwandan coffee, and the barista skills we teach.',
        })}
        path={paths.experience}
      />
      <h1>{i18n._({ id: 'public.experience.title', message: 'The Rwanda Coffee Experience' })}</h1>
      <p>
        {i18n._({
          id: 'public.experience.lead',
          message:
            'From a seed on a misty hillside to the cup in your hand: six steps, and a barista at the end of them.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.experience.seedToCup', message: 'From seed to cup' })}</h2>
      <ol className={styles.steps}>
        {STEPS.map((s) => (
          <li key={s.title.id}>
            <h3>{i18n._(s.title)}</h3>
            <p>{i18n._(s.text)}</p>
          </li>
        ))}
      </ol>
      <h2>{i18n._({ id: 'public.experience.skills', message: 'Four skills every barista needs' })}</h2>
      <ul className={styles.grid}>
        {SKILLS.map((s) => (
          <li key={s.title.id}>
            <h3>{i18n._(s.title)}</h3>
            <p>{i18n._(s.text)}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link className={buttonClass()} to={paths.courses}>
          {i18n._({ id: 'public.experience.explore', message: 'Explore our courses' })}
        </Link>
      </p>
    </main>
  );
}
