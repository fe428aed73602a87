/** 'Featured Training Programs' as a swiper carousel (docs/product.md §2, docs/product.md §9), loaded when its section nears the screen. */
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { CAROUSEL_AUTOPLAY_MS, dataSaverOn, siteQuery, useQuery } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { CourseCard } from '../courses/course-card';
import styles from './home.module.css';

/** 1 slide on phones, 2 from 768 px, 3 from 1024 px. */
export const CAROUSEL_BREAKPOINTS = { 0: { slidesPerView: 1 }, 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } };

export default function FeaturedCarousel({ courses }: { courses: Course[] }) {
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  // For a data saver the slides turn only when asked (each slide's image costs data) — as the server saw it
  // (a `Save-Data: on` header alone) or as the browser says.
  const dataSaver = useQuery(siteQuery()).data?.dataSaver === true;
  const stillByChoice = reducedMotion || dataSaver || dataSaverOn();
  return (
    <Swiper
      className={styles.carousel}
      modules={[Autoplay, Navigation, Pagination, A11y]}
      spaceBetween={24}
      loop={courses.length > 1}
      autoplay={
        stillByChoice ? false : { delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }
      }
      pagination={{ clickable: true }}
      navigation
      breakpoints={CAROUSEL_BREAKPOINTS}
    >
      {courses.map((course) => (
        <SwiperSlide key={course.id}>
          <CourseCard course={course} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
