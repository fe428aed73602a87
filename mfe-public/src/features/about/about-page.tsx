import { Link, paths, useI18n } from '@btls/shared-auth';
import beans from '../../assets/beans.svg';
import styles from './content.module.css';
import { PageHead } from '../../ui/page-head';

const VALUES = [
  {
    name: /*i18n*/ { id: 'public.about.values.excellence.name', message: 'Excellence' },
    text: /*i18n*/ {
      id: 'public.about.values.excellence.text',
      message: 'Every cup to the standard of the best cafés, every lesson to the standard of the best schools.',
    },
  },
  {
    name: /*i18n*/ { id: 'public.about.values.passion.name', message: 'Passion' },
    text: /*i18n*/ {
      id: 'public.about.values.passion.text',
      message: 'We love Rwandan coffee and the people who grow, roast and serve it.',
    },
  },
  {
    name: /*i18n*/ { id: 'public.about.values.innovation.name', message: 'Innovation' },
    text: /*i18n*/ {
      id: 'public.about.values.innovation.text',
      message: 'Digital certificates, online progress and a job board: training that fits how people work today.',
    },
  },
  {
    name: /*i18n*/ { id: 'public.about.values.empowerment.name', message: 'Empowerment' },
    text: /*i18n*/ {
      id: 'public.about.values.empowerment.text',
      message: 'Skills that lead to jobs, and jobs that lead to careers, for young Rwandans above all.',
    },
  },
];

export function AboutPage() {
  const i18n = useI18n();
  return (
    <main className={styles.page}>
      <PageHead
        title={i18n._({ id: 'public.about.pageTitle', message: 'About us' })}
        description={i18n._({
          id: 'public.about.description',
          message: 'Our story since 2022: a coffee business and barista training centre in Kigali, Rwanda.',
        })}
        path={paths.about}
      />
      <h1>{i18n._({ id: 'public.about.title', message: 'About Us' })}</h1>
      <img
        className={styles.figure}
        src={beans}
        alt={i18n._({ id: 'public.about.imageAlt', message: 'Three roasted coffee beans' })}
        width={240}
        height={160}
      />
      <h2>{i18n._({ id: 'public.about.journey', message: 'Our journey' })}</h2>
      <p>
        {i18n._({
          id: 'public.about.journeyText',
          message:
            'We were founded in Kigali in 2022 by coffee people who saw the same thing again and again: Rwanda grows some of the finest coffee in the world, on hills at 1,700–2,200 m, yet the cafés opening in its cities struggled to find baristas trained to serve it well. We started with one espresso machine and six trainees. Today our graduates work in cafés, hotels and roasteries across the country.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.about.centre', message: 'The training centre' })}</h2>
      <p>
        {i18n._({
          id: 'public.about.centreText',
          message:
            'Our centre in Kacyiru has a full café bar with commercial espresso machines, a manual-brewing station, a cupping lab and a classroom. Courses are small and hands-on: most of the time you are behind the bar, with a trainer beside you. Trainers record your progress online, so you always know where you stand, and when you complete a course you receive a digital certificate that employers can verify.',
        })}
      </p>
      <h2>{i18n._({ id: 'public.about.values', message: 'Our values' })}</h2>
      <ul className={styles.grid}>
        {VALUES.map((v) => (
          <li key={v.name.id}>
            <h3>{i18n._(v.name)}</h3>
            <p>{i18n._(v.text)}</p>
          </li>
        ))}
      </ul>
      <h2>{i18n._({ id: 'public.about.more', message: 'Find out more' })}</h2>
      <p>
        {i18n._({ id: 'public.about.see', message: 'See' })}{' '}
        <Link to={paths.courses}>{i18n._({ id: 'public.about.ourCourses', message: 'our courses' })}</Link>,{' '}
        {i18n._({ id: 'public.about.follow', message: 'follow' })}{' '}
        <Link to={paths.experience}>
          {i18n._({ id: 'public.about.journeyLink', message: 'the journey of Rwandan coffee' })}
        </Link>
        , {i18n._({ id: 'public.about.browse', message: 'browse' })}{' '}
        <Link to={paths.jobs}>{i18n._({ id: 'public.about.openJobs', message: 'open jobs' })}</Link>{' '}
        {i18n._({ id: 'public.about.or', message: 'or' })}{' '}
        <Link to={paths.contact}>{i18n._({ id: 'public.about.contact', message: 'get in touch' })}</Link>.
      </p>
    </main>
  );
}
