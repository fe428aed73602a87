import { Link, paths } from '@btls/shared-auth';
import beans from '../../assets/beans.svg';
import styles from './content.module.css';
import { PageHead } from '../../ui/page-head';

const VALUES = [
  { name: 'Excellence', text: 'Every cup to the standard of the best cafés, every lesson to the standard of the best schools.' },
  { name: 'Passion', text: 'We love Rwandan coffee and the people who grow, roast and serve it.' },
  { name: 'Innovation', text: 'Digital certificates, online progress and a job board: training that fits how people work today.' },
  { name: 'Empowerment', text: 'Skills that lead to jobs, and jobs that lead to careers, for young Rwandans above all.' },
];

export function AboutPage() {
  return (
    <main className={styles.page}>
      <PageHead title="About us" description="Our story since 2022: a coffee business and barista training centre in Kigali, Rwanda." path={paths.about} />
      <h1>About Us</h1>
      <img className={styles.figure} src={beans} alt="Three roasted coffee beans" width={240} height={160} />
      <h2>Our journey</h2>
      <p>
        We were founded in Kigali in 2022 by coffee people who saw the same thing again and again: Rwanda grows some
        of the finest coffee in the world, on hills at 1,700–2,200 m, yet the cafés opening in its cities struggled to
        find baristas trained to serve it well. We started with one espresso machine and six trainees. Today our
        graduates work in cafés, hotels and roasteries across the country.
      </p>
      <h2>The training centre</h2>
      <p>
        Our centre in Kacyiru has a full café bar with commercial espresso machines, a manual-brewing station, a
        cupping lab and a classroom. Courses are small and hands-on: most of the time you are behind the bar, with a
        trainer beside you. Trainers record your progress online, so you always know where you stand, and when you
        complete a course you receive a digital certificate that employers can verify.
      </p>
      <h2>Our values</h2>
      <ul className={styles.grid}>
        {VALUES.map((v) => (
          <li key={v.name}>
            <h3>{v.name}</h3>
            <p>{v.text}</p>
          </li>
        ))}
      </ul>
      <h2>Find out more</h2>
      <p>
        See <Link to={paths.courses}>our courses</Link>, follow <Link to={paths.experience}>the journey of Rwandan coffee</Link>,
        browse <Link to={paths.jobs}>open jobs</Link> or <Link to={paths.contact}>get in touch</Link>.
      </p>
    </main>
  );
}
