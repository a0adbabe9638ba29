// Jest setup of the "api-distributed" project: the API tests run against separate processes.
process.env.API_MODE = 'distributed';
