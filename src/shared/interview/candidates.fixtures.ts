import type { InterviewProfile } from '../api/interview.js';
import { emptyInterviewProfile } from '../api/interview.js';

/*
 * Realistic mock interviews for the scoring's tests (candidates.test.ts): one profile (a backend
 * developer: 16 questions) answered the ways learners answer. Each array holds one answer per
 * question, in the order generateInterviewQuestions asks them.
 */

export const DEVELOPER_PROFILE: InterviewProfile = {
  ...emptyInterviewProfile(),
  experienceYears: 4,
  skills: 'Java, Spring Boot, SQL',
  technicalSkills: [{ skill: 'Java' }],
  professionalExperience: [{ companyName: 'Infosys', fromDate: '2021-07-01', toDate: '' }],
  education: [{ institution: 'Pune University', fromDate: '2017-06-01', toDate: '2021-05-31' }],
};

/** Fluent, concise, every answer addresses its question with a concrete example. */
export const STRONG = [
  "I'm a backend developer with four years at Infosys, where I build payment services in Java for a banking client. Before that I studied computer engineering at Pune University. I enjoy turning messy requirements into reliable systems, and I'm now looking for a role with more ownership of design.",
  'My greatest strength is debugging when nobody knows where the fault is. Last year our settlement job failed randomly at night; I added tracing, found a race condition in the retry logic and fixed it in two days. That is why my lead now gives me the hardest production issues.',
  'I used to say yes to every request, so my own work slipped. Now I estimate each task before accepting it and tell my manager honestly what will have to wait. I have met my sprint commitments for the last five sprints.',
  "I'm looking for backend engineering work where I can own a service from start to finish. What motivates me is seeing something I built used by real customers, and learning from senior engineers who review my code carefully.",
  "In five years I'd like to be a senior engineer leading the design of a product area. To get there I study system design every weekend, and I volunteer to write the design documents for new features on my team.",
  'I work on the payments team for a UK bank. I develop and maintain three Spring Boot microservices, review pull requests, and one week a month I am on the support rota, which means I handle production incidents and write the follow-up reports.',
  'I am proud of the refund service we rebuilt last year. The old batch process took six hours; I designed the new event-driven version and wrote most of the core code. Refunds now reach customers in minutes, and complaints dropped by about a third.',
  "Two days before a regulatory deadline, our reconciliation report was giving wrong totals. I split the problem with a colleague, checked each data source against the bank's records, found a time zone bug, and we delivered the fix a day early.",
  'Java is my strongest. I have used it every day for four years, mostly with Spring Boot, and recently I cut the memory use of one service by forty percent by profiling it and changing how we cached customer data.',
  "I'm learning Kubernetes right now, because our services are moving to it. I'm doing an online course in the evenings, and every week I practise by deploying my own small project to a local cluster.",
  "I'd rate it about eight out of ten. I am confident with collections, concurrency and streams, and I have used it to build all our payment services, but I still have a lot to learn about tuning the virtual machine.",
  'A batch job kept running out of memory. First I reproduced it with production-sized data, then I took a heap dump and saw we were loading every record at once. I changed it to read the records in pages, and the job has not failed since.',
  'I studied computer engineering there. The data structures and database courses prepared me directly for backend work, and my final year project, a library booking system, taught me how to work with a team against a deadline.',
  'The most valuable lesson came from organising our college tech festival. I learned that people work better when they know exactly what is expected of them, so now I always agree on clear tasks before we start anything.',
  "Yes. How does your team decide which technical debt to work on, and what would a new engineer be expected to deliver in the first three months?",
  'Only that I learn fast and I take ownership. If something I built breaks, I want to be the first one fixing it. Thank you for your time today.',
];

/** Short answers, several not about the question. */
export const WEAK = [
  'My name is Rahul. I am from Nagpur.',
  'I am good.',
  'No weakness.',
  'Any job is okay. Salary is important.',
  'I do not think so much about future.',
  'I am doing coding there.',
  'Many projects are there.',
  'Yes, sometimes pressure is there.',
  'Java.',
  'Nothing now.',
  'Seven.',
  'We solved it with team.',
  'Engineering.',
  'Cricket was very fun in college.',
  'No questions.',
  'Thank you sir.',
];

/** Memorised phrases a learner has been told interviewers like, nothing of their own. */
export const CLICHES = [
  'I am a hardworking, dedicated and passionate person with a positive attitude. I am a quick learner and a good team player, and I always give one hundred percent to my work.',
  'My greatest strengths are my communication skills and my leadership qualities. I am reliable, organised and creative, and I have strong problem solving ability which helps the team to achieve good results.',
  'My weakness is that I am a perfectionist. Sometimes I work too hard and I cannot say no to people, but I am working on it and improving every day.',
  'I am looking for a challenging role in a reputed company where I can utilise my skills and knowledge for the growth of the organisation and also grow myself.',
  'In five years I see myself in a senior position in your esteemed organisation, growing along with the company and taking more responsibility as a leader.',
  'At that company my responsibilities are to complete the tasks given by my manager on time, to work with the team members, and to deliver quality work to the client.',
  'I am proud of all the projects I did there because I always give my best. My part was to contribute as a team member and deliver the project successfully before the deadline.',
  'I believe pressure brings out the best in me. I stay calm and focused, I prioritise my tasks, and I always deliver results on time whatever the situation.',
  'All three are my strengths. I have used them in many projects and I have good knowledge of them, and I always apply them to solve problems.',
  'I believe learning is a continuous process. I am always learning new skills and new technologies through online courses, because in this competitive world we must keep updating ourselves.',
  'I would rate myself nine out of ten. I have very good knowledge of it and I have used it in many projects successfully.',
  'There are many difficult problems in every project, and I solve them with a positive attitude, proper planning and teamwork, step by step.',
  'My studies there gave me a strong foundation of knowledge and prepared me to face the challenges of the corporate world with confidence.',
  'The most valuable lesson I learned is that hard work is the key to success, and that teamwork makes the dream work.',
  'No, I think you have covered everything. Thank you.',
  'I would just like to say that if you give me this opportunity, I will prove myself and work with full dedication for the growth of your company.',
];

/** "I don't know" or silence for most questions, two real answers. */
export const DID_NOT_KNOW = [
  'My name is Anil and I work at Infosys as a software developer for two years.',
  "I don't know.",
  '',
  "Sorry, I don't know.",
  '',
  'I write code in Java and I fix bugs that the testers find in our application.',
  "I can't remember.",
  '',
  "I don't know.",
  '',
  'um',
  "I'm not sure.",
  '',
  "I don't know.",
  '',
  '',
];

/** Good content in broken English: the same substance as STRONG, with a learner's slips. */
export const BROKEN_ENGLISH = [
  'I am working in Infosys since four year as backend developer, I am make payment service in Java for bank client. Before I am study computer engineering in Pune University. Now I am search role where I take more ownership for the design.',
  'My biggest strength is finding the bug when nobody know where is problem. Last year our settlement job is fail in night randomly, I am put tracing and find race condition in retry logic, I fix in two day. So my lead give me hardest issue now.',
  'Before I am saying yes for every request, so my own work is getting late. Now I am estimate each task before I accept and I tell to manager honestly what will wait. Last five sprint I am complete all my commitment.',
  'I want backend engineering work where I can own one service full. Motivation for me is when real customer use the thing I build, and also learning from senior engineer who check my code careful.',
  'After five year I want become senior engineer and lead design for one product area. For this I am study system design every weekend and I am volunteer for write design document for new feature in my team.',
  'I am work in payment team for one UK bank. I develop and maintain three Spring Boot microservice, I review pull request, and one week in month I am in support rota, so I handle production incident and write report after.',
  'I am proud for refund service we rebuild last year. Old batch process take six hour, I design new event driven version and write most of core code. Now refund reach to customer in minute and complaint is down about one third.',
  'Two day before regulatory deadline our reconciliation report give wrong total. I divide problem with colleague, we check each data source with bank record, we find time zone bug and we deliver fix one day early.',
  'Java is my strongest. I use it every day since four year, mostly with Spring Boot, and recently I reduce memory of one service forty percent by profiling and change how we cache customer data.',
  'Now I am learning Kubernetes because our service is moving on it. I am doing online course in evening and every week I practise to deploy my small project in local cluster.',
  'I give eight from ten. I am confident in collection, concurrency and stream, and all our payment service I build with it, but still I have to learn lot about tuning of virtual machine.',
  'One batch job is going out of memory again and again. First I reproduce with production size data, then I take heap dump and I see we load every record one time. I change to read record in page and after that job never fail.',
  'I study computer engineering there. Data structure and database subject prepare me direct for backend work, and my final year project, library booking system, it teach me how to work in team with deadline.',
  'Most valuable lesson I get from organise our college tech festival. I learn people work better when they know exact what is expected, so now always I agree clear task before we start anything.',
  'Yes. How your team decide which technical debt to work, and what new engineer is expected to deliver in first three month?',
  'Only I want say I learn fast and I take ownership. If something I build is break, I want to be first person to fix. Thank you for your time.',
];
