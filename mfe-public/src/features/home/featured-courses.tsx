/** 'Featured Training Programs': the first six courses in a swiper carousel (spec §2, §9). */
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useEffect } from 'react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { CAROUSEL_AUTOPLAY_MS, FEATURED_COURSES_COUNT } from '@btls/shared-api';
import { Spinner } from '@btls/shared-ui/components';
import { CourseCard } from '../courses/course-card';
import { useCoursesStore } from '../courses/courses-store';
import styles from './home.module.css';

/** 1 slide on phones, 2 from 768 px, 3 from 1024 px. */
export const CAROUSEL_BREAKPOINTS = { 0: { slidesPerView: 1 }, 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } };

export default function FeaturedCourses() {
  const { courses, status, load } = useCoursesStore();
  useEffect(() => {
    void load();
  }, [load]);

  if (status === 'error') return <p className={styles.message}>Could not load featured courses.</p>;
  if (status !== 'ready') return <Spinner label="Loading featured courses..." />;
  const featured = courses.slice(0, FEATURED_COURSES_COUNT);
  if (featured.length === 0) return <p className={styles.message}>No featured courses available at the moment.</p>;
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <Swiper
      className={styles.carousel}
      modules={[Autoplay, Navigation, Pagination, A11y]}
      spaceBetween={24}
      loop={featured.length > 1}
      autoplay={reducedMotion ? false : { delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      pagination={{ clickable: true }}
      navigation
      breakpoints={CAROUSEL_BREAKPOINTS}
    >
      {featured.map((course) => (
        <SwiperSlide key={course.id}>
          <CourseCard course={course} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
